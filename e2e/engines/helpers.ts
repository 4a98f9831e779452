import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { WAIT_MS } from '../wait';
import type { EnginePage } from './engine-page';

/** Polls `read` until its value passes the matcher chained on the result (WAIT_MS). */
export const poll = <T>(read: () => Promise<T>, message?: string) =>
  expect.poll(read, { timeout: WAIT_MS, interval: 100, message });

/** What the page's pitch service says of itself (`globalThis.__embouchurePitchService`). */
export interface ServiceState {
  state: string;
  errorMessage: string | null;
  hz: number;
  live: boolean;
  sampleRate: number;
  contextState: string;
  tracksOpened: number;
  tracksStopped: number;
}

export function serviceState(page: EnginePage): Promise<ServiceState> {
  return page.evaluate((): ServiceState => {
    type Hook = {
      status: { get(): { state: string; error?: { message: string } } };
      reading: { get(): { hz: number; live: boolean; sampleRate: number } };
      diagnostics(): {
        contextState: string;
        tracksOpened: number;
        tracksStopped: number;
        sampleRate: number;
      };
    };
    const service = (globalThis as unknown as { __embouchurePitchService?: Hook })
      .__embouchurePitchService;
    if (!service) {
      return {
        state: 'absent',
        errorMessage: null,
        hz: 0,
        live: false,
        sampleRate: 0,
        contextState: '',
        tracksOpened: 0,
        tracksStopped: 0,
      };
    }
    const status = service.status.get();
    const reading = service.reading.get();
    const d = service.diagnostics();
    return {
      state: status.state,
      errorMessage: status.error?.message ?? null,
      hz: reading.hz,
      live: reading.live,
      sampleRate: d.sampleRate,
      contextState: d.contextState,
      tracksOpened: d.tracksOpened,
      tracksStopped: d.tracksStopped,
    };
  });
}

/** Waits until the pitch service listens (the microphone open, readings flowing). */
export async function listening(page: EnginePage): Promise<void> {
  let last: ServiceState | string = 'not read';
  await poll(async () => {
    last = await serviceState(page).catch((error: unknown) => String(error));
    return typeof last === 'string' ? last : last.state;
  }, 'the pitch service connected')
    .toBe('connected')
    .catch((error: unknown) => {
      throw new Error(`not listening: ${JSON.stringify(last)}`, { cause: error });
    });
}

/** The tuner reading's data attributes as the player sees them (note, cents, …). */
export function tunerReading(page: EnginePage): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const element = Array.from(
      document.querySelectorAll<HTMLElement>('[data-testid="tuner-reading"]'),
    ).find((e) => e.getBoundingClientRect().width > 0);
    return element ? ({ ...element.dataset } as Record<string, string>) : {};
  });
}

/** Where the phone screenshots of a run go (never the repo): /tmp/shots-<engine>/ by default. */
export function shotPath(page: EnginePage, name: string): string {
  const dir = process.env.EMBOUCHURE_SHOTS_DIR ?? join(tmpdir(), `shots-${page.engine}`);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** The visible page's scope (Ionic keeps hidden tabs' pages in the DOM). */
export const ACTIVE = '.ion-page:not(.ion-page-hidden)';
/** The takes screen while it is open. */
export const TAKES = 'ion-modal[data-testid="takes-modal"]';

/**
 * After a failed test, a screenshot of what the page showed (the shots folder, `failed-<n>.png`)
 * and the engine's console lines in the test's output: what a reader of CI needs to see why.
 */
export function showFailures(
  engine: () => { page: EnginePage; console: string[]; micReport(): string } | undefined,
) {
  let failures = 0;
  afterEach(async (context) => {
    const launched = engine();
    if (context.task.result?.state !== 'fail' || !launched) return;
    const path = shotPath(launched.page, `failed-${++failures}`);
    await launched.page.screenshot(path).catch(() => undefined);
    console.error(`engines: screenshot of the failure: ${path}`);
    console.error(`engines: the microphone: ${launched.micReport()}`);
    if (launched.console.length > 0) console.error(launched.console.slice(-30).join('\n'));
  });
}

/**
 * Waits until the first visible `selector` has come to rest: no finite animation running in the
 * page (Ionic's overlays slide in with Web Animations, in their shadow roots too) and the element at
 * the same place over two animation frames. For screenshots of a screen that slides in.
 */
export async function atRest(page: EnginePage, selector: string): Promise<void> {
  await poll(
    () =>
      page.evaluate(async (s: string) => {
        const element = Array.from(document.querySelectorAll(s)).find(
          (e) => e.getBoundingClientRect().width > 0,
        );
        if (!element) return false;
        const running = () =>
          document
            .getAnimations()
            // A looping animation (a pulse, a spinner) never ends: not a transition.
            .some(
              (a) =>
                (a.playState === 'running' || a.pending) &&
                a.effect?.getTiming().iterations !== Infinity,
            );
        const before = element.getBoundingClientRect();
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const after = element.getBoundingClientRect();
        return !running() && before.top === after.top && before.left === after.left;
      }, selector),
    `${selector} at rest`,
  ).toBe(true);
}

/** The text of every element matching `selector` on the page in view, in document order. */
export const texts = (page: EnginePage, selector: string): Promise<string[]> =>
  page.evaluate(
    (s: string) =>
      Array.from(document.querySelectorAll(`.ion-page:not(.ion-page-hidden) ${s}`)).map(
        (e) => e.textContent ?? '',
      ),
    selector,
  );

/** From the home page: a one-second long tone on written A4, started and listening. */
export async function startLongToneA4(page: EnginePage): Promise<void> {
  await page.goto('/home/exercise');
  // The summary loads from storage after the page is drawn: tap once it is there.
  await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
  await page.click(`${ACTIVE} [data-testid="open-long-tones"]`);
  await page.setValue(`${ACTIVE} [data-testid="lt-pattern"]`, 'single');
  await page.setValue(`${ACTIVE} [data-testid="lt-note"]`, 'A4');
  await page.setValue(`${ACTIVE} [data-testid="lt-hold"]`, '1');
  await page.click(`${ACTIVE} [data-testid="lt-start"]`);
  await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('A4');
  await listening(page);
}
