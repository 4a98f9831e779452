import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { LOOPBACK_DELAY_S, loopbackAndCount } from './loopback';
import { synthWavDir, roomNoise, writeSynthWav } from './synth-wav';
import { TEST_TIMEOUT_MS, WAIT_MS } from './wait';

/**
 * Issue 20, "takes on the audio clock": where a sound is in a take's audio against where the
 * take's trace puts it. Clicks from the audio session are looped back into the microphone
 * (e2e/loopback.ts) over a quiet room (−60 dBFS noise) and recorded in a take from the tuner.
 * Each click's time on the audio clock is exact: its audio frame (scheduled time plus the loop's
 * delay), as ms, the clock a take's trace is kept on (each reading's `endFrame`). Its place in
 * the take is found in the decoded audio. The trace's origin is the take's `t0` (recovered by
 * matching the stored readings with the live ones, on the same clock).
 *
 * Figures (Chromium 2-core), audio minus trace, every click of every take:
 * - origin = performance.now() at MediaRecorder.start(): +12.9 … +23.4 ms (4 takes, 2026-11-25);
 * - origin = the frame processed at start() on the stream's clock: −4.1 … +7.6 ms (8 takes);
 * - origin = the frame of the first recorded sample, found in the audio
 *   (`src/audio/recording/origin-aligner.ts`): see the log line (2026-11-26: within ±0.5 ms).
 * - trace on the stream's ms (`reading.timeMs`), which follow the output timestamps: one run in
 *   three failed on a quiet machine (2026-11-26: clicks +3.80 … −4.91 ms, drifting within one
 *   take, as the stream's clock moved 10 ms); on the audio clock since.
 * The bound is one render quantum (128 frames). With the measured origin moved by 256 frames
 * (5.3 ms at 48 kHz) on purpose, this test failed (docs/takes.md).
 */
const TAKES = 3;
const dir = synthWavDir('take-clock');
afterAll(() => dir.remove());

const browser = sharedBrowser(
  () => ({ wav: writeSynthWav(dir.path, 'room.wav', 4, roomNoise(1)) }),
  ({ page }) => page.addInitScript(loopbackAndCount),
);

interface Live {
  timeMs: number;
  levelDb: number;
}
interface ClickAt {
  atS: number;
  /** The looped-back click on the audio clock (as a take's trace is kept), ms. */
  audioMs: number;
}
type Globals = {
  __embouchurePitchService?: {
    status: { get(): { state: string } };
    reading: {
      subscribe(listener: (r: { endFrame: number; levelDb: number }) => void): () => void;
    };
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
  __sampleRate: number;
  __track?: { stop(): void };
};

async function recordTake(page: Page): Promise<void> {
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
    .poll(async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '', {
      timeout: WAIT_MS,
    })
    .toMatch(/^Take saved/);
}

interface Measured {
  offsets: number[];
  onsets: number;
  matchCost: number;
  originMeasured: unknown;
  sampleRate: number;
}

/** The newest take's clicks: audio minus trace, ms, one per click found in its audio. */
function measureNewestTake(): Promise<Measured> {
  const g = globalThis as unknown as Globals;
  const read = <T>(store: string): Promise<T[]> =>
    new Promise((resolve, reject) => {
      const open = indexedDB.open('embouchure-history');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => {
          resolve(request.result as T[]);
          db.close();
        };
        request.onerror = () => reject(request.error);
      };
    });
  return (async () => {
    const metas = await read<{ id: string; startedAtMs: number; originMeasured?: boolean }>(
      'takes',
    );
    const meta = metas.sort((a, b) => b.startedAtMs - a.startedAtMs)[0];
    if (!meta) throw new Error('no take stored');
    const rows = (
      await read<{ takeId: string; audio: Blob | ArrayBuffer; readings: number[]; seq: number }>(
        'takeChunks',
      )
    ).filter((r) => r.takeId === meta.id);
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
        .map((c) => c.audioMs - t0)
        .reduce((a, b) => (Math.abs(b - takeMs) < Math.abs(a - takeMs) ? b : a));
      return takeMs - traceMs;
    });
    return {
      offsets,
      onsets: onsetsMs.length,
      matchCost: best.cost,
      originMeasured: meta.originMeasured,
      sampleRate: g.__sampleRate,
    };
  })();
}

describe('a take on the audio clock', () => {
  it(
    'finds each recorded click where the trace puts it, within one render quantum',
    async () => {
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
        g.__sampleRate = tap.context.sampleRate;
        const rate = tap.context.sampleRate;
        service.reading.subscribe((r) =>
          g.__live.push({ timeMs: (r.endFrame * 1000) / rate, levelDb: r.levelDb }),
        );
        let i = 0;
        const source = {
          next: () => ({ offsetS: i++ * 0.5, kind: 'accent', bar: 0, beat: 0 }),
        };
        g.__clicks = [];
        const track = session.clicks.play(source, { leadInS: 0.3, volume: 0.5 });
        // The looped-back click's frame, as ms (exact to the frame).
        track.clicks.subscribe((c) => {
          const frame = (c.atS + loopDelayS) * rate;
          g.__clicks.push({ atS: c.atS, audioMs: (frame * 1000) / rate });
        });
        g.__track = track;
      }, LOOPBACK_DELAY_S);

      const all: number[] = [];
      let sampleRate = 0;
      // Every take's origin is measured (a take of clicks once matched itself a beat on and kept
      // the estimate, 7.6 ms off: one take in three; origin-aligner.ts).
      for (let take = 0; take < TAKES; take++) {
        await recordTake(page);
        const measured = await page.evaluate(measureNewestTake);
        sampleRate = measured.sampleRate;
        const inOrder = measured.offsets;
        console.log(
          `take ${take + 1}: ${measured.onsets} clicks found; audio minus trace, in order ` +
            `${inOrder.map((v) => v.toFixed(2)).join(', ')} ms (origin measured: ` +
            `${String(measured.originMeasured)}, reading match cost ${measured.matchCost.toFixed(2)})`,
        );
        expect(measured.onsets).toBeGreaterThanOrEqual(4);
        expect(measured.originMeasured).toBe(true);
        all.push(...measured.offsets);
      }
      await page.evaluate(() => (globalThis as unknown as Globals).__track?.stop());
      const quantumMs = (128 / sampleRate) * 1000;
      const worst = Math.max(...all.map(Math.abs));
      console.log(
        `${TAKES} takes, ${all.length} clicks: worst |audio − trace| ${worst.toFixed(2)} ms ` +
          `(one render quantum: ${quantumMs.toFixed(2)} ms at ${sampleRate} Hz)`,
      );
      for (const offset of all) expect(Math.abs(offset)).toBeLessThanOrEqual(quantumMs);
    },
    TEST_TIMEOUT_MS,
  );
});
