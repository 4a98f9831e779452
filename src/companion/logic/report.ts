import { intonationMap } from '../../history/intonation-map';
import { EXERCISE_LABELS, type AttemptRecord, type ExerciseKind } from '../../history/records';
import { localDay } from '../../history/stats';
import type { InstrumentId } from '../../music';
import type { PieceDayScores } from './piece-trends';
import type { PracticeDays } from './practice-days';
import { routineSentence, routineTally, type RoutineDays, type RoutineTally } from './routine-days';

/**
 * The practice report for a teacher: one page for a date range with the minutes, whether the
 * routine was finished and on which days, what was practised (attempts and scores per exercise
 * and per piece), and the notes consistently off (the player's own intonation map,
 * src/history/intonation-map.ts, over the range). Pure: the view draws it.
 */

export interface ReportExercise {
  label: string;
  attempts: number;
  meanScore: number;
  bestScore: number;
}

export interface OffNote {
  writtenMidi: number;
  /** Valves, '0' = open. */
  combo: string;
  medianCents: number;
  attempts: number;
}

export interface PracticeReport {
  from: string;
  to: string;
  daysPractised: number;
  soundMin: number;
  restMin: number;
  exerciseMin: number;
  /** The days in the range the routine was finished (Finish after the warm-down). */
  routine: RoutineTally;
  exercises: ReportExercise[];
  /** Pieces played in the range, by title (overall scores of their attempts). */
  pieces: ReportExercise[];
  offNotes: OffNote[];
}

/** What else the player's device keeps for the range (both optional: empty when absent). */
export interface ReportExtras {
  routineDays?: Readonly<RoutineDays>;
  /** The pieces library's per-day sums (src/pieces/piece-store.ts `scoreDays`). */
  pieceDays?: readonly PieceDayScores[];
}

/** "Consistently off": the middle half of the attempts all beyond ±10 ¢ the same way. */
export const OFF_BAND_CENTS = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function buildReport(
  attempts: readonly AttemptRecord[],
  days: Readonly<PracticeDays>,
  from: string,
  to: string,
  instrument: InstrumentId,
  extras: ReportExtras = {},
): PracticeReport {
  if (!DAY.test(from) || !DAY.test(to) || from > to) {
    throw new RangeError(`A report needs dates YYYY-MM-DD with from ≤ to, got ${from} → ${to}`);
  }
  const inRange = attempts.filter((a) => {
    const day = localDay(a.startedAt);
    return day >= from && day <= to;
  });
  const practised = new Set<string>();
  let soundS = 0;
  let restS = 0;
  for (const [day, practice] of Object.entries(days)) {
    if (day < from || day > to) continue;
    soundS += practice.soundS;
    restS += practice.restS;
    if (practice.soundS > 0) practised.add(day);
  }
  let exerciseS = 0;
  const byExercise = new Map<ExerciseKind, number[]>();
  for (const attempt of inRange) {
    exerciseS += attempt.durationS;
    practised.add(localDay(attempt.startedAt));
    if (attempt.partial) continue;
    const scores = byExercise.get(attempt.exercise) ?? [];
    scores.push(attempt.score);
    byExercise.set(attempt.exercise, scores);
  }
  const exercises = [...byExercise.entries()].map(([kind, scores]) => ({
    label: EXERCISE_LABELS[kind],
    attempts: scores.length,
    meanScore: Math.round(scores.reduce((s, x) => s + x, 0) / scores.length),
    bestScore: Math.round(Math.max(...scores)),
  }));
  const byPiece = new Map<string, { title: string; sum: number; n: number; best: number }>();
  for (const row of extras.pieceDays ?? []) {
    if (row.day < from || row.day > to || row.n <= 0) continue;
    practised.add(row.day);
    const piece = byPiece.get(row.pieceId) ?? { title: row.title, sum: 0, n: 0, best: 0 };
    piece.sum += row.sum;
    piece.n += row.n;
    piece.best = Math.max(piece.best, row.best);
    byPiece.set(row.pieceId, piece);
  }
  const pieces = [...byPiece.values()]
    .map((p) => ({
      label: p.title,
      attempts: p.n,
      meanScore: Math.round(p.sum / p.n),
      bestScore: Math.round(p.best),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const offNotes = intonationMap(inRange, instrument)
    .filter(
      (e) => e.attempts >= 2 && (e.lowCents > OFF_BAND_CENTS || e.highCents < -OFF_BAND_CENTS),
    )
    .map((e) => ({
      writtenMidi: e.writtenMidi,
      combo: e.combo,
      medianCents: Math.round(e.medianCents),
      attempts: e.attempts,
    }))
    .sort((a, b) => Math.abs(b.medianCents) - Math.abs(a.medianCents));
  return {
    from,
    to,
    daysPractised: practised.size,
    soundMin: Math.round(soundS / 60),
    restMin: Math.round(restS / 60),
    exerciseMin: Math.round(exerciseS / 60),
    routine: routineTally(extras.routineDays ?? {}, from, to),
    exercises,
    pieces,
    offNotes,
  };
}

/** The report as lines of text (the page's content, also its text alternative). */
export function reportLines(
  report: PracticeReport,
  noteName: (writtenMidi: number) => string,
): string[] {
  const lines = [
    `Practice ${report.from} to ${report.to}`,
    `Days practised: ${report.daysPractised}`,
    `Sound on the face: ${report.soundMin} min (rest ${report.restMin} min)`,
    `Exercises: ${report.exerciseMin} min`,
    routineSentence(report.routine),
    '',
    'Exercises (attempts · mean · best)',
  ];
  if (report.exercises.length === 0) lines.push('  none saved in this range');
  for (const e of report.exercises) {
    lines.push(`  ${e.label}: ${e.attempts} · ${e.meanScore} · ${e.bestScore}`);
  }
  if (report.pieces.length > 0) {
    lines.push('', 'Pieces (attempts · mean · best)');
    for (const p of report.pieces) {
      lines.push(`  ${p.label}: ${p.attempts} · ${p.meanScore} · ${p.bestScore}`);
    }
  }
  lines.push('', 'Notes consistently off (median, attempts)');
  if (report.offNotes.length === 0)
    lines.push('  none: every note within ±10 ¢ or too few attempts');
  for (const n of report.offNotes) {
    const sign = n.medianCents > 0 ? '+' : '−';
    const valves = n.combo === '0' ? 'open' : n.combo;
    lines.push(
      `  ${noteName(n.writtenMidi)} (${valves}): ${sign}${Math.abs(n.medianCents)} ¢ ${n.medianCents > 0 ? 'sharp' : 'flat'}, ${n.attempts}`,
    );
  }
  return lines;
}
