import { createCentsFollower } from './cents-motion';

/**
 * The needle's cents on the display's clock, from readings stamped on the audio clock (`timeMs`,
 * on the performance.now() timeline) that reach the page some time later. A busy device delivers
 * them in bursts, several at once after a gap. Each reading moves the follower as of when it was
 * heard (its stamp plus the least delay seen), and the needle runs at most HOLD_MS past the last
 * reading heard: in a gap it waits for the late readings instead of gliding towards the last one
 * alone (which samples a vibrato at the burst rate, an alias slow enough to pass heavy damping).
 */

/** How far the needle glides past the last reading heard: a block of 4096 samples at 44.1 kHz. */
export const HOLD_MS = 93;
/** How fast the least delay may creep up, ms per ms: follows a drift between the two clocks. */
const DELAY_CREEP = 0.01;
/** A reading this far behind is stale, not late: applied on arrival. */
const MAX_LATE_MS = 1000;

export interface LiveCents {
  /** The value to show at display time `nowMs`. */
  valueAt(nowMs: number): number;
  /** A new note (or the first): shown at once. */
  jumpTo(cents: number, nowMs: number): void;
  /** A reading of the same note, stamped `readingMs`, delivered at `nowMs`. */
  setTarget(cents: number, readingMs: number, nowMs: number): void;
  /** The stream restarted: its clock may have moved. */
  reset(): void;
}

export function createLiveCents(timeConstantMs: number): LiveCents {
  const follower = createCentsFollower(timeConstantMs);
  let delayMs = Number.NaN;
  let seenMs = 0;
  let lastReadingMs = Number.NEGATIVE_INFINITY;
  let frontierMs = Number.NEGATIVE_INFINITY;
  const heardAt = (readingMs: number, nowMs: number): number => {
    // A stamp that does not move on says nothing about when it was heard.
    if (!Number.isFinite(readingMs) || readingMs <= lastReadingMs) return nowMs;
    lastReadingMs = readingMs;
    const delay = nowMs - readingMs;
    delayMs = Number.isNaN(delayMs)
      ? delay
      : Math.min(delayMs + (nowMs - seenMs) * DELAY_CREEP, delay);
    seenMs = nowMs;
    const heardMs = readingMs + delayMs;
    // Never after its delivery (the delay may have crept past this reading's own).
    return nowMs - heardMs > MAX_LATE_MS ? nowMs : Math.min(heardMs, nowMs);
  };
  return {
    valueAt(nowMs) {
      return follower.valueAt(Math.min(nowMs, frontierMs + HOLD_MS));
    },
    jumpTo(cents, nowMs) {
      follower.jumpTo(cents, nowMs);
      frontierMs = nowMs;
    },
    setTarget(cents, readingMs, nowMs) {
      const heardMs = heardAt(readingMs, nowMs);
      follower.setTarget(cents, heardMs);
      frontierMs = Math.max(frontierMs, heardMs);
    },
    reset() {
      delayMs = Number.NaN;
      lastReadingMs = Number.NEGATIVE_INFINITY;
    },
  };
}
