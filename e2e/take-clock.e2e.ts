import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePage, appUrl, launchBrowser, type LaunchedBrowser } from './browser';
import { LOOPBACK_DELAY_S, loopbackAndCount } from './loopback';
import { synthWavDir, writeSynthWav } from './synth-wav';
import { WAIT_MS } from './wait';

/**
 * Issue 20, "takes on the audio clock": where a sound is in a take's audio against where the
 * take's trace puts it. Clicks from the audio session are looped back into the microphone
 * (e2e/loopback.ts) over a quiet room (−60 dBFS noise) and recorded in a take from the tuner.
 * Each click's stream time is known exactly (its audio frame through the stream's own clock
 * mapping); its place in the take is found in the decoded audio. The trace's origin is the
 * take's `t0` (recovered by matching the stored readings with the live ones).
 *
 * Figures (Chromium 2-core, 2026-11-25), audio minus trace per take: with the origin taken as
 * performance.now() at MediaRecorder.start(), +12.9 … +23.4 ms (4 takes); with the origin on the
 * stream's clock (`recorder.ts`, `audio-clock.ts` streamTimeMs), −4.1 … +7.6 ms (8 takes),
 * constant within a take. What is left is where MediaRecorder starts within its own buffering,
 * which no API reports: the target (one render quantum, 2.7 ms) is not met.
 */
/** The bound: the stream-clock origin's worst take was 7.6 ms; performance.now()'s were 13–23. */
const MAX_OFFSET_MS = 10;
const dir = synthWavDir('take-clock');
afterAll(() => dir.remove());

let browser: LaunchedBrowser;
beforeAll(async () => {
  let seed = 1;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 0.002;
  };
  browser = await launchBrowser({ wav: writeSynthWav(dir.path, 'room.wav', 4, noise) });
  await browser.page.addInitScript(loopbackAndCount);
});
afterAll(async () => {
  expect(browser.pageErrors).toEqual([]);
  await browser.close();
});

interface Live {
  timeMs: number;
  levelDb: number;
}
interface ClickAt {
  atS: number;
  /** The stream's time of the looped-back click (as its readings are stamped), ms. */
  streamMs: number;
}
type Globals = {
  __embouchurePitchService?: {
    status: { get(): { state: string } };
    reading: { subscribe(listener: (r: Live) => void): () => void };
    microphoneTap(): { stream: MediaStream; context: AudioContext } | null;
  };
  __embouchureAudioSession?: {
    clicks: {
      play(
        source: { next(): unknown },
        options: { leadInS: number; volume: number },
      ): { clicks: { subscribe(l: (c: { atS: number }) => void): void }; stop(): void };
    };
  };
  __live: Live[];
  __clicks: ClickAt[];
  __track?: { stop(): void };
};

describe('a take on the audio clock', () => {
  it('finds each recorded click where the trace puts it (offset measured)', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await page.waitForFunction(
      () =>
        (globalThis as unknown as Globals).__embouchurePitchService?.status.get().state ===
        'connected',
    );
    await page.evaluate((loopDelayS: number) => {
      const g = globalThis as unknown as Globals;
      const service = g.__embouchurePitchService;
      const session = g.__embouchureAudioSession;
      const tap = service?.microphoneTap();
      if (!service || !session || !tap) throw new Error('no service, session or microphone tap');
      g.__live = [];
      service.reading.subscribe((r) => g.__live.push({ timeMs: r.timeMs, levelDb: r.levelDb }));
      const context = tap.context;
      const settings = tap.stream.getAudioTracks()[0]?.getSettings() as { latency?: number };
      const inputLatencyS = settings.latency ?? 0;
      // The stream's mapping (src/audio/stream/audio-clock.ts): heard time less every latency.
      const streamMs = (atS: number): number => {
        const stamp = context.getOutputTimestamp();
        const heard = (stamp.performanceTime ?? 0) + (atS - (stamp.contextTime ?? 0)) * 1000;
        const latencyS = (context.baseLatency || 0) + (context.outputLatency || 0) + inputLatencyS;
        return heard - latencyS * 1000;
      };
      let i = 0;
      const source = {
        next: () => ({ offsetS: i++ * 0.5, kind: 'accent', bar: 0, beat: 0 }),
      };
      g.__clicks = [];
      const track = session.clicks.play(source, { leadInS: 0.3, volume: 0.5 });
      track.clicks.subscribe((c) =>
        g.__clicks.push({ atS: c.atS, streamMs: streamMs(c.atS + loopDelayS) }),
      );
      g.__track = track;
    }, LOOPBACK_DELAY_S);

    const record = activePage(page).getByTestId('record-button');
    await record.click();
    await expect.poll(() => record.getAttribute('data-state')).toBe('recording');
    await expect
      .poll(async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '', {
        timeout: WAIT_MS,
      })
      .toMatch(/^0:0[3-9]$/);
    await record.click();
    await expect
      .poll(
        async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
        {
          timeout: WAIT_MS,
        },
      )
      .toMatch(/^Take saved/);
    await page.evaluate(() => (globalThis as unknown as Globals).__track?.stop());

    const measured = await page.evaluate(async () => {
      const g = globalThis as unknown as Globals;
      const rows = await new Promise<
        { audio: Blob | ArrayBuffer; readings: number[]; seq: number }[]
      >((resolve, reject) => {
        const open = indexedDB.open('embouchure-history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('takeChunks').objectStore('takeChunks').getAll();
          request.onsuccess = () => {
            resolve(request.result as never);
            db.close();
          };
          request.onerror = () => reject(request.error);
        };
      });
      rows.sort((a, b) => a.seq - b.seq);
      const stored = rows.flatMap((r) => r.readings);
      const blob = new Blob(rows.map((r) => r.audio));
      const decoded = await new OfflineAudioContext(1, 1, 48000).decodeAudioData(
        await blob.arrayBuffer(),
      );
      const x = decoded.getChannelData(0);
      const rate = decoded.sampleRate;
      // Click onsets: first sample over 0.05 after 0.2 s under it.
      const onsetsMs: number[] = [];
      let quiet = 0;
      for (let k = 0; k < x.length; k++) {
        const a = Math.abs(x[k] as number);
        if (a > 0.05 && quiet >= 0.2 * rate) onsetsMs.push((k / rate) * 1000);
        quiet = a > 0.05 ? 0 : quiet + 1;
      }
      // t0: the live readings that match the stored ones (time and level), offset = t0.
      const stride = 5;
      const storedTimes: number[] = [];
      const storedLevels: number[] = [];
      for (let j = 0; j + stride <= stored.length; j += stride) {
        storedTimes.push(stored[j] as number);
        storedLevels.push(stored[j + 3] as number);
      }
      let best = { cost: Infinity, t0: Number.NaN };
      for (let i = 0; i + storedTimes.length <= g.__live.length; i++) {
        const t0 = (g.__live[i] as Live).timeMs - (storedTimes[0] as number);
        let cost = 0;
        for (let j = 0; j < storedTimes.length; j++) {
          const live = g.__live[i + j] as Live;
          cost +=
            Math.abs(live.timeMs - t0 - (storedTimes[j] as number)) +
            Math.abs(Math.round(live.levelDb * 10) / 10 - (storedLevels[j] as number));
        }
        if (cost < best.cost) best = { cost, t0 };
      }
      const t0 = best.t0;
      // Each onset against the nearest click's trace time.
      const offsets = onsetsMs.map((takeMs) => {
        const traceMs = g.__clicks
          .map((c) => c.streamMs - t0)
          .reduce((a, b) => (Math.abs(b - takeMs) < Math.abs(a - takeMs) ? b : a));
        return takeMs - traceMs;
      });
      return { offsets, onsets: onsetsMs.length, clicks: g.__clicks.length, matchCost: best.cost };
    });
    const sorted = [...measured.offsets].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] as number;
    console.log(
      `take vs trace: ${measured.onsets} clicks found in the take (of ${measured.clicks} played); ` +
        `audio minus trace median ${median.toFixed(1)} ms, range ${sorted[0]?.toFixed(1)} … ` +
        `${sorted.at(-1)?.toFixed(1)} ms (reading match cost ${measured.matchCost.toFixed(2)})`,
    );
    expect(measured.onsets).toBeGreaterThanOrEqual(4);
    expect(Math.abs(median)).toBeLessThanOrEqual(MAX_OFFSET_MS);
  });
});
