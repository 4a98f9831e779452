/**
 * Look-ahead scheduling of a ClickSource ("A Tale of Two Clocks", C. Wilson, web.dev 2013): a
 * coarse main-thread timer only wakes the scheduler; every click is placed at an exact audio-clock
 * time, so timer jitter never moves a click. This part is pure (which clicks are due), so it is
 * unit-tested; the session sounds them.
 */
import type { Click, ClickSource } from './click-source';

/**
 * How far ahead clicks are scheduled, s: longer than the worst main-thread stall we expect. At
 * 0.12 s a loaded machine (load 15 on 2 cores) reached 2 clicks of 9 after their time, and a
 * click reached late is not played (e2e/audio-session.e2e.ts); a phone's GC pause or a page
 * render can stall as long. Stop cancels what is scheduled, so only a live source change (a
 * new tempo, a speed trainer's raise) waits this long to be heard.
 */
export const LOOK_AHEAD_S = 0.3;
/** How often the scheduler wakes, ms. */
export const SCHEDULER_INTERVAL_MS = 25;

export interface ClickPuller {
  /**
   * Clicks of the track started at audio time `startS` that fall before `nowS + lookAheadS`, in
   * order, each pulled from the source once. Throws a RangeError for a click whose offset is not
   * a finite number ≥ 0 or goes back in time.
   */
  due(startS: number, nowS: number, lookAheadS?: number): Click[];
  /** The source said the track is over and every click has been handed out. */
  readonly done: boolean;
}

export function createClickPuller(source: ClickSource): ClickPuller {
  let peeked: Click | null = null;
  let ended = false;
  let lastOffsetS = 0;
  const peek = (): Click | null => {
    if (peeked || ended) return peeked;
    const next = source.next();
    if (next === null) {
      ended = true;
      return null;
    }
    if (!(Number.isFinite(next.offsetS) && next.offsetS >= lastOffsetS)) {
      throw new RangeError(
        `click offsets must be finite, ≥ 0 and in time order; got ${next.offsetS} s after ${lastOffsetS} s`,
      );
    }
    lastOffsetS = next.offsetS;
    peeked = next;
    return peeked;
  };
  return {
    get done() {
      return ended && peeked === null;
    },
    due(startS, nowS, lookAheadS = LOOK_AHEAD_S) {
      const out: Click[] = [];
      for (
        let click = peek();
        click && startS + click.offsetS < nowS + lookAheadS;
        click = peek()
      ) {
        out.push(click);
        peeked = null;
      }
      return out;
    },
  };
}
