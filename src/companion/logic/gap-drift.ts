// TIMING_FLAT_MS: the assessor's own "sounds together" window, one timing threshold app-wide (U20).
import { median, TIMING_FLAT_MS } from '../../music';

/**
 * Internal time in the gap drill: how far the player's attacks drift from the (silent) grid while
 * the metronome is muted. Each attack is matched to the nearest grid point (within half the
 * distance to its neighbours, else it is not a beat-level attack); the player's offset in the
 * sounding bars (their reaction and the input latency) is the baseline, so what is shown is the
 * change when the click stops: positive = late (dragging), negative = early (rushing).
 */

/** A grid point on the same clock as the onsets: a unit of the bar, sounded or muted. */
export interface GridPoint {
  timeMs: number;
  bar: number;
  /** In a muted bar. */
  gap: boolean;
}

export interface GapDrift {
  /** Attacks matched in sounding bars, and the median offset there (ms). */
  playedOnsets: number;
  baselineMs: number;
  /** Attacks matched in muted bars. */
  gapOnsets: number;
  /** Median offset in the muted bars minus the baseline, ms; null before any attack in a gap. */
  driftMs: number | null;
  /** The same for the last attack of the latest gap: where the player ended up. */
  lastDriftMs: number | null;
}

/** Nearest grid index to `timeMs` in a time-sorted grid (binary search). */
function nearest(grid: readonly GridPoint[], timeMs: number): number {
  let lo = 0;
  let hi = grid.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((grid[mid]?.timeMs ?? 0) < timeMs) lo = mid + 1;
    else hi = mid;
  }
  const before = grid[lo - 1];
  const at = grid[lo];
  if (before && at && timeMs - before.timeMs < at.timeMs - timeMs) return lo - 1;
  return lo;
}

export function measureGapDrift(grid: readonly GridPoint[], onsetsMs: readonly number[]): GapDrift {
  const played: number[] = [];
  const gapped: { offsetMs: number; bar: number }[] = [];
  for (const onsetMs of onsetsMs) {
    if (grid.length < 2) break;
    const i = nearest(grid, onsetMs);
    const point = grid[i];
    if (!point) continue;
    const prev = grid[i - 1];
    const next = grid[i + 1];
    const offsetMs = onsetMs - point.timeMs;
    // Half the spacing on the onset's side (the other side's at the ends of the grid).
    const beforeMs = prev ? point.timeMs - prev.timeMs : null;
    const afterMs = next ? next.timeMs - point.timeMs : null;
    const halfMs = ((offsetMs < 0 ? (beforeMs ?? afterMs) : (afterMs ?? beforeMs)) ?? 0) / 2;
    if (Math.abs(offsetMs) >= halfMs) continue; // between grid points: not a beat-level attack
    if (point.gap) gapped.push({ offsetMs, bar: point.bar });
    else played.push(offsetMs);
  }
  const baselineMs = median(played) ?? 0;
  const gapMedian = median(gapped.map((g) => g.offsetMs));
  const last = gapped[gapped.length - 1];
  return {
    playedOnsets: played.length,
    baselineMs,
    gapOnsets: gapped.length,
    driftMs: gapMedian === null ? null : gapMedian - baselineMs,
    lastDriftMs: last ? last.offsetMs - baselineMs : null,
  };
}

/**
 * "steady (+8 ms)" within the assessor's together window (±TIMING_FLAT_MS, 30 ms: onsets that
 * close sound together, Rasch 1979, and a scale's timing score does not move for them); beyond it
 * "42 ms late (dragging)" or "35 ms early (rushing)". A drill that called 8 ms "dragging" while the
 * grade said nothing told the player two things about the same time.
 */
export function describeDrift(driftMs: number): string {
  const rounded = Math.round(driftMs);
  if (Math.abs(rounded) <= TIMING_FLAT_MS) {
    return `steady (${rounded >= 0 ? '+' : '−'}${Math.abs(rounded)} ms)`;
  }
  return rounded > 0 ? `${rounded} ms late (dragging)` : `${-rounded} ms early (rushing)`;
}
