/**
 * Display smoothing for the tuner: a running median of the last N readings, taken in the cents
 * (log-frequency) domain, plus a short hold so a brief dropout (tonguing, a breath, one unvoiced
 * block) does not blank the display.
 *
 * Why a median: single-block detector errors (octave jumps, a stray partial) are outliers that a
 * median ignores entirely, where an average would smear them into the needle; a real note change
 * shows after ⌈N/2⌉ readings with no glide through the notes in between. Why cents: a median of
 * Hz and a median of cents pick the same reading, but the even-count midpoint should be the
 * geometric mean (what the ear hears as "halfway").
 *
 * Pure and time-driven: the caller passes each reading's timestamp and the current time; there are
 * no timers. No allocation after construction (fixed typed arrays), so it can run per audio block.
 */

export interface PitchSmootherOptions {
  /** Readings in the median window, integer 1–31 (1 = no smoothing). Default 5. */
  windowSize?: number;
  /** How long the last value is still shown after the pitch is lost, ms, 0–5000. Default 300. */
  holdMs?: number;
}

export const DEFAULT_SMOOTHING_WINDOW = 5;
export const MAX_SMOOTHING_WINDOW = 31;
export const DEFAULT_HOLD_MS = 300;
export const MAX_HOLD_MS = 5000;

export interface PitchSmoother {
  /**
   * Feed one reading taken at `timeMs` (0 Hz or non-finite = no pitch). Returns the Hz to display
   * now; 0 means "no signal". Timestamps should not go backwards; if they do the window restarts.
   */
  push(hz: number, timeMs: number): number;
  /** The Hz to display at `timeMs` without a new reading (0 once the hold has run out). */
  valueAt(timeMs: number): number;
  /** Forget everything (e.g. when the tuner stops or the instrument changes). */
  reset(): void;
}

function validateOptions(windowSize: number, holdMs: number): void {
  if (!Number.isInteger(windowSize) || windowSize < 1 || windowSize > MAX_SMOOTHING_WINDOW) {
    throw new RangeError(
      `windowSize must be an integer from 1 to ${MAX_SMOOTHING_WINDOW}, got ${String(windowSize)}`,
    );
  }
  if (!Number.isFinite(holdMs) || holdMs < 0 || holdMs > MAX_HOLD_MS) {
    throw new RangeError(`holdMs must be from 0 to ${MAX_HOLD_MS} ms, got ${String(holdMs)}`);
  }
}

/** Create a median-of-N smoother with hold; see the module comment. */
export function createPitchSmoother(options: PitchSmootherOptions = {}): PitchSmoother {
  const windowSize = options.windowSize ?? DEFAULT_SMOOTHING_WINDOW;
  const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
  validateOptions(windowSize, holdMs);

  // Ring buffer of readings in Hz, and a scratch copy for sorting. The log is monotonic, so the
  // median in Hz is the median in cents; only the even-count midpoint needs the geometric mean.
  const ring = new Float64Array(windowSize);
  const sorted = new Float64Array(windowSize);
  let count = 0;
  let next = 0;
  let lastPitchTimeMs = Number.NEGATIVE_INFINITY;
  let shownHz = 0;

  function clear(): void {
    count = 0;
    next = 0;
    shownHz = 0;
  }

  function medianHz(): number {
    // Insertion sort of at most 31 values: cheap, allocation-free.
    for (let i = 0; i < count; i++) {
      const value = ring[i];
      let j = i - 1;
      while (j >= 0 && sorted[j] > value) {
        sorted[j + 1] = sorted[j];
        j--;
      }
      sorted[j + 1] = value;
    }
    const mid = count >> 1;
    return count % 2 === 1 ? sorted[mid] : Math.sqrt(sorted[mid - 1] * sorted[mid]);
  }

  function valueAt(timeMs: number): number {
    if (count > 0 && (timeMs - lastPitchTimeMs > holdMs || timeMs < lastPitchTimeMs)) clear();
    return shownHz;
  }

  function push(hz: number, timeMs: number): number {
    if (!(hz > 0) || !Number.isFinite(hz)) return valueAt(timeMs);
    // A reading after the hold ran out (or from the past) starts a fresh window, so a new note is
    // not dragged toward the last one played before the pause.
    valueAt(timeMs);
    ring[next] = hz;
    next = (next + 1) % windowSize;
    if (count < windowSize) count++;
    lastPitchTimeMs = timeMs;
    shownHz = medianHz();
    return shownHz;
  }

  return { push, valueAt, reset: clear };
}
