import { describe, expect, it } from 'vitest';
import { describeDrift, measureGapDrift, type GridPoint } from './gap-drift';

/** 4/4 at 120 (500 ms a beat), play 2 bars, mute 2, for 8 bars. */
const grid: GridPoint[] = Array.from({ length: 32 }, (_, i) => ({
  timeMs: 1000 + i * 500,
  bar: Math.floor(i / 4),
  gap: Math.floor(i / 4) % 4 >= 2,
}));

describe('gap drift', () => {
  it('a player 30 ms behind the click who drags 4 ms more each muted beat: drift from the baseline', () => {
    let lateMs = 0;
    const onsets = grid.map((point) => {
      lateMs = point.gap ? lateMs + 4 : 0;
      return point.timeMs + 30 + lateMs;
    });
    const drift = measureGapDrift(grid, onsets);
    expect(drift.baselineMs).toBe(30);
    expect(drift.playedOnsets).toBe(16);
    expect(drift.gapOnsets).toBe(16);
    // Muted offsets 4..32 ms past the baseline in each gap: median 18, last 32.
    expect(drift.driftMs).toBe(18);
    expect(drift.lastDriftMs).toBe(32);
    expect(describeDrift(drift.driftMs ?? 0)).toBe('18 ms late (dragging)');
  });

  it('rushing shows as negative; attacks between beats (an offbeat eighth) are not counted', () => {
    const onsets = grid.flatMap((point) => [
      point.timeMs - (point.gap ? 20 : 0),
      point.timeMs + 250, // exactly between two beats
    ]);
    const drift = measureGapDrift(grid, onsets);
    expect(drift.gapOnsets).toBe(16);
    expect(drift.driftMs).toBe(-20);
    expect(describeDrift(-20)).toBe('20 ms early (rushing)');
    expect(describeDrift(3)).toBe('on time (+3 ms)');
  });

  it('no attack in a muted bar yet: no drift, said as null', () => {
    const drift = measureGapDrift(grid, [1000, 1500]);
    expect(drift.driftMs).toBeNull();
    expect(drift.lastDriftMs).toBeNull();
  });
});
