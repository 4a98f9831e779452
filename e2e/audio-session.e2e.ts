import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { appUrl, audioFile } from './browser';
import { readingLog, recordReadings, serviceSnapshot } from './tuner-helpers';
import { loopbackAndCount, type Audit } from './loopback';
import { WAIT_MS } from './wait';

/**
 * One audio owner (issue 20): the tuner, a click track and the drone at once, on one
 * AudioContext, with the app's own output reaching the microphone as a phone's speaker does.
 *
 * The fake microphone plays a corpus D4 (written E4 on the B♭ trumpet); an init script routes
 * everything the app's oscillators send to the speakers (drone, clicks) back into the microphone
 * (through 50 ms of delay, like a speaker's output and a microphone's input latency), so the
 * drone really is in what the tuner analyses. It also counts AudioContext constructions.
 */
const SETTINGS = {
  transposition: 'bb-trumpet',
  temperament: 'equal',
  droneRootWrittenMidi: 60, // written C4: concert B♭3, under the player's D4
  droneFifth: false,
  droneThird: false,
};
const PLAYER = 'E4';
/** The drone's fade (DRONE_RELEASE_S in src/audio/output/drone-voices.ts), ms. */
const DRONE_RELEASE_MS = 180;

interface SessionHook {
  diagnostics(): { users: number; contextsCreated: number };
  cancellationHz: {
    get(): readonly number[];
    subscribe(listener: (hz: readonly number[]) => void): () => void;
  };
  clicks: {
    play(
      source: { next(): unknown },
      options: { leadInS: number; volume: number },
    ): {
      clicks: { subscribe(listener: (c: { atS: number; sounded: boolean }) => void): void };
      stop(): void;
    };
  };
  acquire(): AudioContext;
  release(context: AudioContext): Promise<void>;
}
type PageGlobals = {
  __audit: Audit;
  __embouchureAudioSession?: SessionHook;
  __clickTimes: { atS: number; sounded: boolean }[];
  __clickTrack?: { stop(): void };
  __cancellationLog: { t: number; hz: readonly number[] }[];
  __stopClickedAt: number;
  __uncancelled?: { stop(): void };
};

/**
 * The player's share of the shown time with no drone at all (measured first): the bar the drone
 * runs are held to. On a loaded machine the engine alone misreads a little more (audio glitches
 * at the looped file's seams), so the bar is 0.9 or 5 points under this baseline, whichever is
 * lower; the drone's own note must stay under 5 % of the shown time either way.
 */
let baseline = 1;
const bar = () => Math.min(0.9, baseline - 0.05);

const browser = sharedBrowser(
  { wav: audioFile('clean/sr48000/tpt_n062_D4.wav') },
  async ({ page }) => {
    await page.addInitScript((value: string) => {
      localStorage.setItem('embouchure.settings.v1', value);
      localStorage.setItem(
        'embouchure.drone.v1',
        JSON.stringify({ volumePercent: 100, octave: 0, timbre: 'sine' }),
      );
    }, JSON.stringify(SETTINGS));
    await page.addInitScript(loopbackAndCount);
    await page.goto(appUrl('/home/tuner'));
    await page.waitForFunction(() => {
      type Hook = { __embouchurePitchService?: { status: { get(): { state: string } } } };
      return (globalThis as Hook).__embouchurePitchService?.status.get().state === 'connected';
    });
  },
);
const { page } = browser;

/** Time each note was shown since `fromMs` (page clock), and its share of all shown time. */
async function shownSince(fromMs: number, toMs = Infinity) {
  const log = (await readingLog(page)).filter((s) => s.t >= fromMs && s.t <= toMs);
  const byNote = new Map<string, number>();
  for (let i = 0; i + 1 < log.length; i++) {
    const s = log[i] as (typeof log)[number];
    if (s.note === '') continue;
    const ms = Math.min(500, (log[i + 1] as (typeof log)[number]).t - s.t);
    byNote.set(s.note, (byNote.get(s.note) ?? 0) + ms);
  }
  const all = [...byNote.values()].reduce((a, b) => a + b, 0);
  const player = byNote.get(PLAYER) ?? 0;
  return { byNote, playerMs: player, fraction: all > 0 ? player / all : 0 };
}

/** Share of the shown time on the drone's note (written C4, or C5 an octave up). */
function droneShare(tally: { byNote: Map<string, number> }): number {
  const all = [...tally.byNote.values()].reduce((a, b) => a + b, 0);
  const drone = (tally.byNote.get('C4') ?? 0) + (tally.byNote.get('C5') ?? 0);
  return all > 0 ? drone / all : 0;
}

const pageNow = () => page.evaluate(() => performance.now());

/** Waits until the player's note has been shown for `ms` since `fromMs`, then returns the tally. */
async function watchPlayer(fromMs: number, ms: number) {
  await expect
    .poll(async () => (await shownSince(fromMs)).playerMs, { timeout: WAIT_MS })
    .toBeGreaterThan(ms);
  return shownSince(fromMs);
}

describe('tuner + click track + drone on one AudioContext', () => {
  it('the loopback works: a tone the session does not know about hides the player', async () => {
    await recordReadings(page);
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
        timeout: WAIT_MS,
      })
      .toBe(PLAYER);
    const alone = await watchPlayer(await pageNow(), 3000);
    baseline = alone.fraction;
    console.log(`player alone: ${(baseline * 100).toFixed(1)} % of the shown time`);
    // A B♭3 sine straight to the speakers on the shared context: not cancelled.
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const session = g.__embouchureAudioSession;
      if (!session) throw new Error('no audio session on the page');
      const context = session.acquire();
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = 440 * 2 ** (-11 / 12);
      gain.gain.value = 0.4;
      osc.connect(gain).connect(context.destination);
      osc.start();
      g.__uncancelled = {
        stop() {
          osc.stop();
          void session.release(context);
        },
      };
    });
    const from = await pageNow();
    const messages = (await serviceSnapshot(page)).diagnostics.messages;
    await expect
      .poll(async () => (await serviceSnapshot(page)).diagnostics.messages, { timeout: WAIT_MS })
      .toBeGreaterThan(messages + 100);
    const control = await shownSince(from);
    expect(control.fraction, JSON.stringify([...control.byNote])).toBeLessThan(0.5);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).__uncancelled?.stop());
  });

  it('with the clicks and the brass drone playing, the player is read; the drone is cancelled through its fade-out', async () => {
    // A click track at 100 bpm on the session (the companion's metronome uses the same call).
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const session = g.__embouchureAudioSession;
      if (!session) throw new Error('no audio session on the page');
      let i = 0;
      const source = {
        next: () => {
          const n = i++;
          return {
            offsetS: n * 0.6,
            kind: n % 4 === 0 ? 'accent' : 'beat',
            bar: n >> 2,
            beat: n % 4,
          };
        },
      };
      g.__clickTimes = [];
      const track = session.clicks.play(source, { leadInS: 0.2, volume: 0.2 });
      track.clicks.subscribe((c) => g.__clickTimes.push({ atS: c.atS, sounded: c.sounded }));
      g.__clickTrack = track;
    });
    await page.click('[data-testid="drone-open"]');
    await page.click('[data-testid="drone-timbre-brass"]');
    await page.click('[data-testid="drone-toggle"]');
    await expect
      .poll(() => page.getAttribute('[data-testid="drone-toggle"]', 'aria-pressed'))
      .toBe('true');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as PageGlobals).__embouchureAudioSession?.cancellationHz.get()
              .length,
        ),
      )
      .toBe(1);

    const from = await pageNow();
    const result = await watchPlayer(from, 4000);
    expect(result.fraction, JSON.stringify([...result.byNote])).toBeGreaterThan(bar());
    expect(droneShare(result), JSON.stringify([...result.byNote])).toBeLessThan(0.05);

    // One context for the microphone, the drone and the clicks; the clicks exactly on the beat.
    const audit = await page.evaluate(() => (globalThis as unknown as PageGlobals).__audit);
    expect(audit.created).toBe(1);
    expect(audit.maxLive).toBe(1);
    const session = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).__embouchureAudioSession?.diagnostics(),
    );
    expect(session).toMatchObject({ users: 3, contextsCreated: 1 });
    const clicks = await page.evaluate(() => (globalThis as unknown as PageGlobals).__clickTimes);
    expect(clicks.length).toBeGreaterThan(5);
    for (let k = 1; k < clicks.length; k++) {
      const gap = (clicks[k] as { atS: number }).atS - (clicks[k - 1] as { atS: number }).atS;
      expect(gap).toBeCloseTo(0.6, 9);
    }
    // A click the scheduler reaches after its time (the page's main thread stalled longer than
    // the 120 ms look-ahead, as on a loaded machine) is reported unsounded, never played late.
    expect(clicks.filter((c) => c.sounded).length).toBeGreaterThanOrEqual(clicks.length * 0.8);

    // An octave up: the button names what sounds and the session cancels it (the old pitch
    // through its glide).
    await page.click('[data-testid="drone-octave-1"]');
    await expect
      .poll(() => page.textContent('[data-testid="drone-toggle"]'))
      .toBe('Stop drone · concert B♭4 (466.2 Hz)');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (globalThis as unknown as PageGlobals).__embouchureAudioSession?.cancellationHz
            .get()
            .map((hz) => Math.round(hz)),
        ),
      )
      .toEqual([466]);
    const up = await watchPlayer(await pageNow(), 2000);
    expect(up.fraction, JSON.stringify([...up.byNote])).toBeGreaterThan(bar());
    expect(droneShare(up), JSON.stringify([...up.byNote])).toBeLessThan(0.05);

    // Stop the drone: the cancellation lasts through its fade, and the player stays read.
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.__cancellationLog = [];
      g.__embouchureAudioSession?.cancellationHz.subscribe((hz) =>
        g.__cancellationLog.push({ t: performance.now(), hz }),
      );
      document
        .querySelector('[data-testid="drone-toggle"]')
        ?.addEventListener('click', () => (g.__stopClickedAt = performance.now()), {
          capture: true,
        });
    });
    await page.click('[data-testid="drone-toggle"]');
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as PageGlobals).__cancellationLog.length),
      )
      .toBeGreaterThan(0);
    const { stopAt, log } = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return { stopAt: g.__stopClickedAt, log: g.__cancellationLog };
    });
    const cleared = log.find((entry) => entry.hz.length === 0);
    expect(cleared).toBeDefined();
    expect((cleared?.t ?? 0) - stopAt).toBeGreaterThanOrEqual(DRONE_RELEASE_MS);
    // Through the fade and after it the player's note is shown, the drone's (written C4) at most
    // in passing.
    const tail = await watchPlayer(stopAt, 1500);
    expect(tail.fraction, JSON.stringify([...tail.byNote])).toBeGreaterThan(bar());
    expect(droneShare(tail), JSON.stringify([...tail.byNote])).toBeLessThan(0.05);

    await page.evaluate(() => (globalThis as unknown as PageGlobals).__clickTrack?.stop());
  });
});
