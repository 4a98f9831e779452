import type { PitchServiceDiagnostics } from '../src/audio/stream/pitch-service';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl, audioFile, type LaunchedBrowser, type LaunchOptions } from './browser';
import { WAIT_MS } from './wait';

/** What the e2e tests read of the page's pitch service (`globalThis.__embouchurePitchService`). */
export interface ServiceSnapshot {
  state: string;
  errorKind: string | null;
  errorMessage: string | null;
  hz: number;
  /** What the latest reading says of itself. */
  reading: { response: string; live: boolean; windowSamples: number; sampleRate: number };
  diagnostics: PitchServiceDiagnostics;
}

interface HookService {
  status: { get(): { state: string; error?: { kind: string; message: string } } };
  reading: { get(): { hz: number; timeMs: number } & ServiceSnapshot['reading'] };
  diagnostics(): ServiceSnapshot['diagnostics'];
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

type HookGlobal = { __embouchurePitchService?: HookService };

export function serviceSnapshot(page: Page): Promise<ServiceSnapshot> {
  return page.evaluate((): ServiceSnapshot => {
    const service = (globalThis as unknown as HookGlobal).__embouchurePitchService;
    if (!service) throw new Error('no pitch service on the page');
    const status = service.status.get();
    return {
      state: status.state,
      errorKind: status.error?.kind ?? null,
      errorMessage: status.error?.message ?? null,
      hz: service.reading.get().hz,
      reading: (({ response, live, windowSamples, sampleRate }) => ({
        response,
        live,
        windowSamples,
        sampleRate,
      }))(service.reading.get()),
      diagnostics: service.diagnostics(),
    };
  });
}

/** Disconnect then connect `cycles` times inside the page; resolves when done. */
export function cycleService(page: Page, cycles: number): Promise<void> {
  return page.evaluate(async (n: number) => {
    const service = (globalThis as unknown as HookGlobal).__embouchurePitchService;
    if (!service) throw new Error('no pitch service on the page');
    for (let i = 0; i < n; i++) {
      await service.disconnect();
      await service.connect();
    }
  }, cycles);
}

/** Cents from `refHz` to `hz`. */
export const centsOff = (hz: number, refHz: number): number => 1200 * Math.log2(hz / refHz);

/** One state of the reading element, as the user saw it. */
export interface ReadingSample {
  /** When the display changed, ms on the page's clock. */
  t: number;
  /**
   * The time of the stream's latest reading then, ms on the audio clock: how much sound had been
   * heard. On a busy page readings arrive in bursts, so the page's clock over- or under-weights
   * what stood on screen between them; this one does not.
   */
  audioMs: number;
  note: string;
  concertNote: string;
  cents: string;
  hz: string;
}

/**
 * Records every change of the `tuner-reading` element's data attributes in the page (a
 * MutationObserver, so short-lived states are not missed between polls).
 */
export async function recordReadings(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="tuner-reading"]');
  await page.evaluate(() => {
    const element = document.querySelector<HTMLElement>('[data-testid="tuner-reading"]');
    if (!element) throw new Error('no tuner reading element');
    const log: ReadingSample[] = [];
    (globalThis as unknown as { __tunerLog: ReadingSample[] }).__tunerLog = log;
    type Service = { reading: { get(): { timeMs: number } } };
    const service = () =>
      (globalThis as unknown as { __embouchurePitchService?: Service }).__embouchurePitchService;
    const take = () =>
      log.push({
        t: performance.now(),
        audioMs: service()?.reading.get().timeMs ?? Number.NaN,
        note: element.dataset.note ?? '',
        concertNote: element.dataset.concertNote ?? '',
        cents: element.dataset.cents ?? '',
        hz: element.dataset.hz ?? '',
      });
    take();
    (globalThis as unknown as { __tunerTake: () => void }).__tunerTake = take;
    new MutationObserver(take).observe(element, { attributes: true });
  });
}

export function readingLog(page: Page): Promise<ReadingSample[]> {
  return page.evaluate(() => (globalThis as unknown as { __tunerLog: ReadingSample[] }).__tunerLog);
}

/**
 * The log closed with what is shown now: the log gains a sample only when the display changes,
 * so a display that stood still since its last change was shown until this moment.
 */
export async function readingLogUntilNow(page: Page): Promise<ReadingSample[]> {
  await page.evaluate(() => (globalThis as unknown as { __tunerTake: () => void }).__tunerTake());
  return readingLog(page);
}

/** The time of the stream's latest reading, ms (the audio clock on the page's timeline). */
export function readingTimeMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const service = (globalThis as unknown as HookGlobal).__embouchurePitchService;
    if (!service) throw new Error('no pitch service on the page');
    return service.reading.get().timeMs;
  });
}

/** Waits until the pitch service has heard a pitch (its current reading has one). */
export async function waitForPitch(page: Page): Promise<void> {
  await expect
    .poll(async () => (await serviceSnapshot(page)).hz, { timeout: WAIT_MS })
    .toBeGreaterThan(0);
}

/**
 * Waits until the stream has read `seconds` more of audio (its readings' times, on the audio
 * clock): "let it play two passes of the file" as a state, however slowly a loaded machine
 * delivers the audio.
 */
export async function waitForAudio(page: Page, seconds: number): Promise<void> {
  const startMs = await readingTimeMs(page);
  await expect
    .poll(async () => (await readingTimeMs(page)) - startMs, {
      timeout: WAIT_MS + seconds * 2000,
    })
    .toBeGreaterThanOrEqual(seconds * 1000);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Consecutive duplicates removed: the sequence of distinct notes shown. */
export function distinctRuns(values: string[]): string[] {
  return values.filter((value, i) => i === 0 || value !== values[i - 1]);
}

/** Whether `needle` appears in order (not necessarily adjacent) inside `haystack`. */
export function isSubsequence(needle: string[], haystack: string[]): boolean {
  let at = 0;
  for (const value of haystack) if (value === needle[at]) at++;
  return at === needle.length;
}

/** The signal state, level meter and no-pitch text as the page shows them now. */
export interface SignalSample {
  signal: string;
  note: string;
  levelDb: number;
  meterValue: number;
  noPitchText: string;
}

export function signalSample(page: Page): Promise<SignalSample> {
  return page.evaluate((): SignalSample => {
    const reading = document.querySelector<HTMLElement>('[data-testid="tuner-reading"]');
    const meter = document.querySelector<HTMLElement>('[data-testid="input-level"]');
    if (!reading || !meter) throw new Error('no tuner reading or input level on the page');
    return {
      signal: reading.dataset.signal ?? '',
      note: reading.dataset.note ?? '',
      levelDb: Number(meter.dataset.levelDb),
      meterValue: Number(meter.getAttribute('aria-valuenow')),
      noPitchText: document.querySelector('[data-testid="no-signal"]')?.textContent ?? '',
    };
  });
}

/** `signalSample` after each `everyMs` of audio the stream reads, over `forMs` of it. */
export async function signalSamples(
  page: Page,
  forMs: number,
  everyMs = 100,
): Promise<SignalSample[]> {
  const samples: SignalSample[] = [];
  for (let t = 0; t < forMs; t += everyMs) {
    samples.push(await signalSample(page));
    await waitForAudio(page, everyMs / 1000);
  }
  return samples;
}

/**
 * The tuner with a corpus file on the fake microphone and optional stored settings, connected and
 * recording readings, in a browser from `launch` (`browserPerTest().launch`, which closes it).
 */
export async function openTunerWith(
  launch: (options: LaunchOptions) => Promise<LaunchedBrowser>,
  file: string,
  settings?: Record<string, unknown>,
): Promise<{ browser: LaunchedBrowser; page: Page }> {
  const browser = await launch({ wav: audioFile(file) });
  const { page } = browser;
  if (settings) {
    await page.addInitScript((value: string) => {
      localStorage.setItem('embouchure.settings.v1', value);
    }, JSON.stringify(settings));
  }
  await page.goto(appUrl('/home/tuner'));
  await expect
    .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
    .toBe('connected');
  await recordReadings(page);
  return { browser, page };
}

/**
 * Waits until the stream has sent `readings` more readings (whatever the machine's load), then
 * checks that the tuner showed no note in that time (its reading log, started here).
 */
export async function expectNoNoteOver(page: Page, readings: number): Promise<void> {
  await recordReadings(page);
  const start = (await serviceSnapshot(page)).diagnostics.messages;
  await expect
    .poll(async () => (await serviceSnapshot(page)).diagnostics.messages, { timeout: WAIT_MS })
    .toBeGreaterThan(start + readings);
  expect((await readingLog(page)).filter((s) => s.note !== '')).toEqual([]);
  expect(await page.getAttribute('[data-testid="tuner-reading"]', 'data-note')).toBe('');
}
