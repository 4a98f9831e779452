import { describe, expect, it } from 'vitest';
import { TIMING_FLAT_MS, timingScore } from '../../music';
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
    // 18 ms is inside the assessor's together window: steady, as the grade would say.
    expect(describeDrift(drift.driftMs ?? 0)).toBe('steady (+18 ms)');
    expect(describeDrift(drift.lastDriftMs ?? 0)).toBe('32 ms late (dragging)');
  });

  it('rushing shows as negative; attacks between beats (an offbeat eighth) are not counted', () => {
    const onsets = grid.flatMap((point) => [
      point.timeMs - (point.gap ? 20 : 0),
      point.timeMs + 250, // exactly between two beats
    ]);
    const drift = measureGapDrift(grid, onsets);
    expect(drift.gapOnsets).toBe(16);
    expect(drift.driftMs).toBe(-20);
    expect(describeDrift(-20)).toBe('steady (−20 ms)');
    expect(describeDrift(-45)).toBe('45 ms early (rushing)');
  });

  it('no attack in a muted bar yet: no drift, said as null', () => {
    const drift = measureGapDrift(grid, [1000, 1500]);
    expect(drift.driftMs).toBeNull();
    expect(drift.lastDriftMs).toBeNull();
  });
});

describe("gap drift is worded with the assessor's together window (teacher reading 3, U20)", () => {
  it("up to ±30 ms (TIMING_FLAT_MS) is steady, as a scale's timing score is flat there", () => {
    const rows: [number, string][] = [
      [0, 'steady (+0 ms)'],
      [3, 'steady (+3 ms)'],
      [8, 'steady (+8 ms)'],
      [12, 'steady (+12 ms)'],
      [20, 'steady (+20 ms)'],
      [-20, 'steady (−20 ms)'],
      [TIMING_FLAT_MS, 'steady (+30 ms)'],
      [TIMING_FLAT_MS + 1, '31 ms late (dragging)'],
      [-(TIMING_FLAT_MS + 1), '31 ms early (rushing)'],
      [60, '60 ms late (dragging)'],
    ];
    for (const [driftMs, said] of rows) expect(describeDrift(driftMs), String(driftMs)).toBe(said);
  });
  it('the words change exactly where the timing score starts to fall', () => {
    expect(timingScore(TIMING_FLAT_MS)).toBe(100);
    expect(timingScore(TIMING_FLAT_MS + 1)).toBeLessThan(100);
  });
});
