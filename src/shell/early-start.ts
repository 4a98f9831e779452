import { importWithRetry, lazyWithPreload } from '../shared-ui/lazy-retry';
import { loadOnce, openingTab, settledOrAfter } from './opening';

/**
 * What the first frame and the first pitch need, asked for the moment the entry script starts to
 * run (`src/main.tsx` imports this module first): the page the URL opens on (its chunk and,
 * through Vite's preload helper, the chunks it imports) and the real pitch service's code
 * (`live-pitch-service.ts`, which `main.tsx` hands to the deferred stand-in). Both stay lazy
 * chunks, not initial JS (README "Bundle size"). One service, one audio owner: this module only
 * fetches code.
 *
 * The first render waits for both (`openingCode`): measured with `bench:startup --throttle`
 * (CPU 4×, Fast 4G; issue 23 row 16, docs/benchmarks.md), Chromium ran a lazy chunk that arrived
 * while the first frame was being rendered only after that frame was painted, 0.3–0.6 s later;
 * the microphone, the worklet and the engine then started after the shell's first paint, and the
 * opening page needed a second render and layout. Rendered once both are there, the pitch service
 * connects before the first render and the page is in the first frame: the first pitch ~0.1 s
 * sooner there (median of six rounds), the first paint ~0.25 s later.
 */

// Each page is its own chunk, loaded when its tab is first shown (retried, then "offline…").
export const ExercisePage = lazyWithPreload(() => import('../pages/ExercisePage'));
export const TunerPage = lazyWithPreload(() => import('../pages/TunerPage'));
export const PiecesPage = lazyWithPreload(() => import('../pages/PiecesPage'));

/** The pitch service's module, fetched once (again after a failure: the next connect retries). */
export const loadLivePitchService = loadOnce(() =>
  importWithRetry(() => import('./live-pitch-service')),
);

/** The longest the first frame waits for the opening code (a hung request shows the shell). */
export const FIRST_FRAME_MAX_WAIT_MS = 1000;

const openingPage = { exercise: ExercisePage, tuner: TunerPage, pieces: PiecesPage }[
  openingTab(globalThis.location?.pathname ?? '')
];
// Failures are not lost: the service reports its own on connect, a page's shows when it renders.
const loads = [loadLivePitchService(), openingPage.preload()];

/** Settles when the opening page's and the pitch service's code is there (or failed, or 1 s). */
export function openingCode(): Promise<void> {
  return settledOrAfter(loads, FIRST_FRAME_MAX_WAIT_MS);
}
