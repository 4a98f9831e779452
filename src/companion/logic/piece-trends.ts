import { trendChange } from './progress';

/**
 * Per-piece trends for the Progress tab (issue 24): each piece practised, its mean overall score
 * per day, from the per-day sums the pieces library keeps as attempts are saved
 * (src/pieces/piece-store.ts `scoreDays`): a few rows per piece, never the attempts themselves.
 */

/** One piece's attempts on one local day (the shape the pieces library keeps). */
export interface PieceDayScores {
  pieceId: string;
  title: string;
  /** Local day "YYYY-MM-DD". */
  day: string;
  /** Sum of the attempts' overall scores (0..100 each), and how many. */
  sum: number;
  n: number;
  best: number;
}

export interface PieceTrend {
  pieceId: string;
  title: string;
  /** Mean overall score per day practised, oldest first (the last `maxDays` days practised). */
  points: { day: string; score: number }[];
  /** Later half against the earlier half of `points`, points; null below 4 days. */
  change: number | null;
  /** Attempts and best score over every day kept (not only the points shown). */
  attempts: number;
  best: number;
  /** The last day the piece was played. */
  lastDay: string;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Pieces most recently played first (a tie: by title); rows with no attempts are ignored. */
export function pieceTrends(
  rows: readonly PieceDayScores[],
  options: { maxDays?: number } = {},
): PieceTrend[] {
  const maxDays = options.maxDays ?? 28;
  if (!(Number.isInteger(maxDays) && maxDays >= 1)) {
    throw new RangeError(`maxDays must be a whole number ≥ 1, got ${maxDays}`);
  }
  const byPiece = new Map<string, PieceDayScores[]>();
  for (const row of rows) {
    if (row.n <= 0) continue;
    const list = byPiece.get(row.pieceId) ?? [];
    list.push(row);
    byPiece.set(row.pieceId, list);
  }
  const trends: PieceTrend[] = [];
  for (const [pieceId, list] of byPiece) {
    list.sort((a, b) => a.day.localeCompare(b.day));
    const points = list.slice(-maxDays).map((r) => ({ day: r.day, score: round1(r.sum / r.n) }));
    const last = list[list.length - 1];
    trends.push({
      pieceId,
      title: last.title,
      points,
      change: trendChange(points),
      attempts: list.reduce((n, r) => n + r.n, 0),
      best: Math.round(Math.max(...list.map((r) => r.best))),
      lastDay: last.day,
    });
  }
  return trends.sort(
    (a, b) => b.lastDay.localeCompare(a.lastDay) || a.title.localeCompare(b.title),
  );
}
