import { median } from '../../music';
import { TEMPO_RANGE_BPM } from './metronome-source';

/** Taps further apart than this start a new count (slower than 30 bpm is not a tempo). */
const RESET_MS = 2100;
/** The tempo follows the last few taps, so a player can tap their way to a new tempo. */
const KEEP_TAPS = 6;

export interface TapTempo {
  /** Record a tap at `timeMs`; returns the tempo so far (bpm, rounded, 30..300) or null after one tap. */
  tap(timeMs: number): number | null;
  reset(): void;
}

/** Tap tempo: the median of the last intervals (one stumble does not move it). */
export function createTapTempo(): TapTempo {
  let taps: number[] = [];
  return {
    tap(timeMs) {
      const last = taps[taps.length - 1];
      if (last !== undefined && (timeMs - last > RESET_MS || timeMs <= last)) taps = [];
      taps.push(timeMs);
      if (taps.length > KEEP_TAPS) taps.shift();
      if (taps.length < 2) return null;
      const medianMs = median(taps.slice(1).map((t, i) => t - (taps[i] ?? t))) ?? RESET_MS;
      const bpm = Math.round(60000 / medianMs);
      return Math.min(TEMPO_RANGE_BPM.max, Math.max(TEMPO_RANGE_BPM.min, bpm));
    },
    reset() {
      taps = [];
    },
  };
}
