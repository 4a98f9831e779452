import { expect } from 'vitest';
import { WAIT_MS } from '../wait';
import type { EnginePage } from './engine-page';
import { serviceState } from './helpers';

/** What the armed marker watch saw: whether it tapped Start, and the read-out's runs. */
interface MarkerWatch {
  tapped: boolean;
  error: string | null;
  /** The read-out's texts in order, each with how many readings showed it (the last 40 runs). */
  runs: [string, number][];
}

/**
 * In the page: arms a watch that taps Start the moment the live read-out changes to `marker`
 * (after showing anything else, including what it showed when armed), so that a looping
 * performance in the virtual microphone begins a known time after Start whatever the load (as
 * e2e/start-on-marker.ts in Chromium). Returns at once: the test polls `markerWatch`, so no
 * single evaluation outlasts the driver's script timeout (WebKit's is WAIT_MS). Self-contained:
 * sent to every engine as source.
 */
export function armMarker(marker: string): string | null {
  const root = document.querySelector('.ion-page:not(.ion-page-hidden)') ?? document;
  const out = root.querySelector('[data-testid="live-pitch"]');
  const start = root.querySelector<HTMLButtonElement>('[data-testid="timed-start"]');
  if (!out || !start) return 'no live pitch or Start button';
  const watch: MarkerWatch = { tapped: false, error: null, runs: [] };
  (globalThis as unknown as { __embouchureMarker?: MarkerWatch }).__embouchureMarker = watch;
  let sawOther = !(out.textContent ?? '').startsWith(marker);
  const observer = new MutationObserver(() => {
    const text = out.textContent ?? '';
    const last = watch.runs[watch.runs.length - 1];
    if (last && last[0] === text) last[1] += 1;
    else watch.runs.push([text, 1]);
    if (watch.runs.length > 40) watch.runs.shift();
    if (!text.startsWith(marker)) sawOther = true;
    else if (sawOther) {
      observer.disconnect();
      if (!start.isConnected) watch.error = 'Start was no longer on the page';
      else start.click();
      watch.tapped = true;
    }
  });
  observer.observe(out, { childList: true, characterData: true, subtree: true });
  return null;
}

/** In the page: the armed watch's state (self-contained). */
export function markerWatch(): MarkerWatch | null {
  return (globalThis as unknown as { __embouchureMarker?: MarkerWatch }).__embouchureMarker ?? null;
}

/**
 * Arms the watch, starts the performance (`play`), and waits until Start is tapped on the marker:
 * up to two waits, so a later loop's marker counts should the first pass before the page looks.
 * A failure says what the read-out showed meanwhile and what the pitch service said of itself.
 */
export async function startOnMarker(
  page: EnginePage,
  marker: string,
  play: () => void,
): Promise<void> {
  const armed = await page.evaluate(armMarker, marker);
  if (armed !== null) throw new Error(armed);
  play();
  // Written by the poll (an object, as TypeScript does not follow a closure's assignments).
  const last: { watch: MarkerWatch | null } = { watch: null };
  const tapped = await expect
    .poll(
      async () => {
        last.watch = await page.evaluate(markerWatch);
        return last.watch?.tapped ?? false;
      },
      { timeout: 2 * WAIT_MS, interval: 200 },
    )
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (tapped) {
    if (last.watch?.error) throw new Error(last.watch.error);
    return;
  }
  const service = await serviceState(page).catch((error: unknown) => String(error));
  const runs = (last.watch?.runs ?? []).map(([text, n]) => (n > 1 ? `${text} ×${n}` : text));
  throw new Error(
    `the marker ${marker} was not heard in ${(2 * WAIT_MS) / 1000} s; the read-out showed ` +
      `${runs.length ? runs.join(' | ') : 'nothing new'}; the service: ${JSON.stringify(service)}`,
  );
}
