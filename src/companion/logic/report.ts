import { intonationMap } from '../../history/intonation-map';
import { attemptLabel, type AttemptRecord } from '../../history/records';
import { localDay } from '../../history/stats';
import {
  getInstrument,
  isInstrumentId,
  isValveCombo,
  noteName,
  SCALE_KIND_NAMES,
  valveComboLabel,
  type InstrumentId,
  type ScaleKind,
} from '../../music';
import type { PieceDayScores } from './piece-trends';
import type { PracticeDays } from './practice-days';
import { routineSentence, routineTally, type RoutineDays, type RoutineTally } from './routine-days';

/**
 * The practice report for a teacher: one page for a date range with the minutes, whether the
 * routine was finished and on which days, what was practised, and the notes consistently off
 * (the player's own intonation map, src/history/intonation-map.ts, over the range: every
 * exercise, scales and lip slurs too). What was practised is kept apart as a teacher keeps it
 * (issue 37, U15): per item (the exercise and its key or series: "Scales — F♯ major", "Lip slurs
 * — 1-2-3, partials 2–6", double tonguing apart from scales), with the tempo reached, the best
 * score and the fix-first that keeps coming back. Pure: the view draws it.
 */

export interface ReportExercise {
  label: string;
  attempts: number;
  meanScore: number;
  bestScore: number;
}

/** One item practised: an exercise on one key, series or pattern. */
export interface ReportItem extends ReportExercise {
  /** "F♯ major", "1-2-3, partials 2–6", "double tonguing, C major fragment"; null: no detail. */
  detail: string | null;
  /** The fastest tempo it was played at, ♩ a minute; null for untimed exercises. */
  topTempoBpm: number | null;
  /** The fix-first said most often, when said in 2 attempts or more (it keeps coming back). */
  recurringFix: { text: string; times: number } | null;
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
  exercises: ReportItem[];
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

const TONGUING_WORDS: Readonly<Record<string, string>> = {
  single: 'single tonguing',
  double: 'double tonguing',
  triple: 'triple tonguing',
  'k-only': 'K alone (the T-vs-K drill)',
};
const LONG_TONE_PATTERNS: Readonly<Record<string, string>> = {
  pyramid: 'pyramid',
  chromatic: 'chromatic run',
  pedal: 'pedal tones',
  single: 'one note',
};
const isScaleKind = (kind: string): kind is ScaleKind => Object.hasOwn(SCALE_KIND_NAMES, kind);

/**
 * What a teacher calls the item an attempt was on, from its settings: the key and kind of a scale,
 * a lip slur's valves and top partial, the tonguing and where it was played, the long-tone
 * pattern; a transposition part is named. Null when the settings say nothing more.
 */
export function itemDetail(attempt: AttemptRecord): string | null {
  const s = attempt.settings;
  const text = (key: string): string | null =>
    typeof s[key] === 'string' && s[key] !== '' ? s[key] : null;
  const number = (key: string): number | null => (typeof s[key] === 'number' ? s[key] : null);
  const parts: (string | null)[] = [];
  const key = text('key');
  const kind = text('kind');
  if (kind === 'articulation') {
    const noteMidi = number('noteMidi');
    parts.push(
      TONGUING_WORDS[text('tonguing') ?? ''] ?? null,
      text('pattern') === 'note' && noteMidi !== null
        ? `on ${noteName(noteMidi)}`
        : key && `${key} major fragment`,
    );
  } else if (attempt.exercise === 'scales') {
    parts.push(
      kind === 'clarke'
        ? key && `Clarke-style study from ${key}`
        : kind && isScaleKind(kind)
          ? `${key ?? ''} ${SCALE_KIND_NAMES[kind].toLowerCase()}`.trim()
          : key,
    );
  } else if (attempt.exercise === 'lip-slurs') {
    const combos = (text('combos') ?? '').split(' ').filter(isValveCombo);
    const top = number('highestPartial');
    parts.push(
      combos.length === 7
        ? 'all 7 valve combinations'
        : combos.length > 0
          ? combos.map(valveComboLabel).join(', ')
          : null,
      top === null ? null : `partials 2–${top}`,
      text('direction') === 'groups' ? 'in 3s' : null,
    );
  } else if (attempt.exercise === 'long-tones') {
    const noteMidi = number('noteMidi');
    parts.push(
      LONG_TONE_PATTERNS[text('pattern') ?? ''] ?? null,
      text('pattern') === 'single' && noteMidi !== null ? noteName(noteMidi) : null,
    );
  }
  const part = text('partFor');
  if (part !== null && isInstrumentId(part)) parts.push(`${getInstrument(part).name} part`);
  const said = parts.filter((p): p is string => typeof p === 'string' && p !== '');
  return said.length > 0 ? said.join(', ') : null;
}

/** The items practised, each with its scores, tempo reached and recurring fix-first. */
function itemsOf(attempts: readonly AttemptRecord[]): ReportItem[] {
  const byItem = new Map<string, { label: string; detail: string | null; of: AttemptRecord[] }>();
  for (const attempt of attempts) {
    const label = attemptLabel(attempt);
    const detail = itemDetail(attempt);
    const id = `${label}|${detail ?? ''}`;
    const item = byItem.get(id) ?? { label, detail, of: [] };
    item.of.push(attempt);
    byItem.set(id, item);
  }
  return [...byItem.values()]
    .map(({ label, detail, of }): ReportItem => {
      const scores = of.map((a) => a.score);
      const tempi = of.flatMap((a) =>
        typeof a.settings.tempoBpm === 'number' ? [a.settings.tempoBpm] : [],
      );
      const fixes = new Map<string, number>();
      for (const a of of) if (a.fixFirst) fixes.set(a.fixFirst, (fixes.get(a.fixFirst) ?? 0) + 1);
      const [text, times] = [...fixes.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      return {
        label,
        detail,
        attempts: of.length,
        meanScore: Math.round(scores.reduce((sum, x) => sum + x, 0) / scores.length),
        bestScore: Math.round(Math.max(...scores)),
        topTempoBpm: tempi.length > 0 ? Math.max(...tempi) : null,
        recurringFix: times >= 2 ? { text, times } : null,
      };
    })
    .sort(
      (a, b) => a.label.localeCompare(b.label) || (a.detail ?? '').localeCompare(b.detail ?? ''),
    );
}

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
  for (const attempt of inRange) {
    exerciseS += attempt.durationS;
    practised.add(localDay(attempt.startedAt));
  }
  const exercises = itemsOf(inRange.filter((a) => !a.partial));
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
    'Exercises (attempts · mean · best · tempo reached)',
  ];
  if (report.exercises.length === 0) lines.push('  none saved in this range');
  for (const e of report.exercises) {
    const item = e.detail === null ? e.label : `${e.label} — ${e.detail}`;
    const tempo = e.topTempoBpm === null ? '' : ` · ♩=${e.topTempoBpm}`;
    lines.push(`  ${item}: ${e.attempts} · ${e.meanScore} · ${e.bestScore}${tempo}`);
    if (e.recurringFix) {
      lines.push(
        `    Keeps coming back (${e.recurringFix.times} of ${e.attempts}): ${e.recurringFix.text}`,
      );
    }
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
    // "1-3", as a teacher writes valves, never "13" (U15).
    const valves = isValveCombo(n.combo) ? valveComboLabel(n.combo) : n.combo;
    lines.push(
      `  ${noteName(n.writtenMidi)} (${valves}): ${sign}${Math.abs(n.medianCents)} ¢ ${n.medianCents > 0 ? 'sharp' : 'flat'}, ${n.attempts}`,
    );
  }
  return lines;
}
