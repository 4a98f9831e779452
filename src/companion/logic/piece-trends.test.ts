import { describe, expect, it } from 'vitest';
import { dayOf } from './practice-days';
import { pieceTrends, type PieceDayScores } from './piece-trends';

const row = (pieceId: string, day: string, scores: number[]): PieceDayScores => ({
  pieceId,
  title: `Piece ${pieceId}`,
  day,
  sum: scores.reduce((s, x) => s + x, 0),
  n: scores.length,
  best: Math.max(...scores),
});

/** A local day, "YYYY-MM-DD" (month from 0, days past the month's end roll over). */
const isoDay = (y: number, m: number, d: number) => dayOf(new Date(y, m, d, 12).getTime());

describe('per-piece trends from the per-day sums the pieces library keeps', () => {
  // Each row: the days a piece was played (each day's attempt scores) → the trend a player sees.
  const table: {
    what: string;
    days: [string, number[]][];
    points: number[];
    change: number | null;
    attempts: number;
    best: number;
  }[] = [
    {
      what: 'one day, one attempt',
      days: [['2026-11-20', [72]]],
      points: [72],
      change: null,
      attempts: 1,
      best: 72,
    },
    {
      what: 'a day with three attempts is one point, their mean',
      days: [['2026-11-20', [60, 70, 81]]],
      points: [70.3],
      change: null,
      attempts: 3,
      best: 81,
    },
    {
      what: 'three days: too few to call a trend',
      days: [
        ['2026-11-18', [60]],
        ['2026-11-19', [70]],
        ['2026-11-20', [80]],
      ],
      points: [60, 70, 80],
      change: null,
      attempts: 3,
      best: 80,
    },
    {
      what: 'four days rising: later half (75, 85) against earlier (55, 65)',
      days: [
        ['2026-11-20', [75]],
        ['2026-11-18', [55]], // stored out of order: sorted by day
        ['2026-11-21', [85]],
        ['2026-11-19', [65]],
      ],
      points: [55, 65, 75, 85],
      change: 20,
      attempts: 4,
      best: 85,
    },
    {
      what: 'five days falling: the middle day belongs to neither half',
      days: [
        ['2026-11-01', [90, 92]],
        ['2026-11-02', [88]],
        ['2026-11-05', [50]],
        ['2026-11-09', [70]],
        ['2026-11-12', [66]],
      ],
      points: [91, 88, 50, 70, 66],
      change: -21.5, // (70 + 66) / 2 − (91 + 88) / 2
      attempts: 6,
      best: 92,
    },
  ];
  it.each(table)('$what', ({ days, points, change, attempts, best }) => {
    const [trend] = pieceTrends(days.map(([day, scores]) => row('a', day, scores)));
    expect(trend.points.map((p) => p.score)).toEqual(points);
    expect(trend.points.map((p) => p.day)).toEqual(days.map(([d]) => d).sort());
    expect(trend.change).toBe(change);
    expect(trend.attempts).toBe(attempts);
    expect(trend.best).toBe(best);
    expect(trend.title).toBe('Piece a');
  });

  it('every piece played gets its own trend, the most recently played first', () => {
    const trends = pieceTrends([
      row('old', '2026-10-01', [50]),
      row('new', '2026-11-25', [80]),
      row('mid', '2026-11-02', [60]),
      row('mid', '2026-11-03', [62]),
    ]);
    expect(trends.map((t) => [t.pieceId, t.lastDay, t.points.length])).toEqual([
      ['new', '2026-11-25', 1],
      ['mid', '2026-11-03', 2],
      ['old', '2026-10-01', 1],
    ]);
    expect(pieceTrends([])).toEqual([]);
  });

  it('shows the last days practised only, but counts every attempt kept', () => {
    const rows = Array.from({ length: 40 }, (_, d) => row('a', isoDay(2026, 9, 1 + d), [d]));
    const trend = pieceTrends(rows, { maxDays: 10 })[0];
    expect(trend.points.map((p) => p.score)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    expect(trend.points.at(-1)?.day).toBe('2026-11-09');
    expect(trend.attempts).toBe(40);
    expect(() => pieceTrends(rows, { maxDays: 0 })).toThrow(
      /maxDays must be a whole number ≥ 1, got 0/,
    );
  });

  it('a year of daily rows for 50 pieces is summarised in well under the Progress budget', () => {
    const rows: PieceDayScores[] = [];
    for (let p = 0; p < 50; p++) {
      for (let d = 0; d < 365; d++) {
        rows.push(row(`p${p}`, isoDay(2026, 0, 1 + d), [40 + ((p + d) % 60), 50]));
      }
    }
    const t0 = performance.now();
    const trends = pieceTrends(rows);
    const ms = performance.now() - t0;
    console.log(`piece trends over 50 pieces × 365 days: ${ms.toFixed(1)} ms`);
    expect(trends).toHaveLength(50);
    expect(trends[0].attempts).toBe(730);
    expect(ms).toBeLessThan(500);
  });
});
