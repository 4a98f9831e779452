import type { AttemptAssessment, NoteAssessment, NoteFlag } from './assessment-types';

/** A clean pass scores at least this overall (docs/pieces.md, "Tempo trainer"). */
export const CLEAN_PASS_MIN_OVERALL = 85;

/**
 * Clean passes in a row before a tempo trainer raises the tempo: a teacher's "two or three times
 * running" (issue 37, U2), settable 1..5 wherever a trainer runs.
 */
export const DEFAULT_CLEAN_PASSES_IN_A_ROW = 2;
export const CLEAN_PASSES_IN_A_ROW_RANGE = { min: 1, max: 5 } as const;

/** Throws a RangeError naming what is allowed; returns the count. */
export function validateCleanPassesInARow(count: number): number {
  const { min, max } = CLEAN_PASSES_IN_A_ROW_RANGE;
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new RangeError(
      `clean passes in a row must be a whole number ${min}..${max}, got ${String(count)}`,
    );
  }
  return count;
}

/** What keeps a pass from being clean, with how many notes show it. */
export type CleanPassFault =
  | {
      readonly fault: 'wrong' | 'missed' | 'cracked' | 'off-beat' | 'uneven' | 'off-pitch';
      readonly notes: number;
    }
  | { readonly fault: 'overall'; readonly overall: number }
  /** The tempo ran away or dragged through the take (played-tempo.ts: a steady drift). */
  | { readonly fault: 'drifted'; readonly startQpm: number; readonly endQpm: number };

const FLAG_FAULTS: readonly {
  readonly fault: 'cracked' | 'off-beat' | 'uneven' | 'off-pitch';
  readonly flags: readonly NoteFlag['flag'][];
}[] = [
  { fault: 'cracked', flags: ['cracked'] },
  { fault: 'off-beat', flags: ['late', 'early'] },
  { fault: 'uneven', flags: ['uneven'] },
  { fault: 'off-pitch', flags: ['sharp', 'flat'] },
];

/**
 * THE definition of a clean pass (issue 37, U2: a pass 200 ms late, cracked, long-short or 30 ¢
 * sharp used to count, so the trainers practised the mistake faster), used by the metronome's
 * speed trainer, the pieces' tempo trainer and assignments alike: no wrong or missed note, no
 * crack, every note within the timing window (no late or early flag), runs even, a steady tempo
 * (no drift: an accelerando is not clean however evenly it speeds up), every note within the
 * pitch band, and the overall at least 85. Decided on the assessor's own flags, so it
 * agrees with the rows the player reads. Empty: clean.
 */
export function cleanPassFaults(assessment: AttemptAssessment): readonly CleanPassFault[] {
  const faults: CleanPassFault[] = [];
  const count = (keep: (n: NoteAssessment) => boolean): number =>
    assessment.notes.filter(keep).length;
  const wrong = count((n) => n.verdict === 'wrong');
  const missed = count((n) => n.verdict === 'missed');
  if (wrong > 0) faults.push({ fault: 'wrong', notes: wrong });
  if (missed > 0) faults.push({ fault: 'missed', notes: missed });
  for (const { fault, flags } of FLAG_FAULTS) {
    const notes = count((n) => n.flags.some((f) => flags.includes(f.flag)));
    if (notes > 0) faults.push({ fault, notes });
  }
  const tempo = assessment.playedTempo;
  if (tempo?.drifting) {
    faults.push({
      fault: 'drifted',
      startQpm: Math.round(tempo.startQpm),
      endQpm: Math.round(tempo.endQpm),
    });
  }
  if (assessment.notes.length === 0 || assessment.scores.overall < CLEAN_PASS_MIN_OVERALL) {
    faults.push({ fault: 'overall', overall: Math.round(assessment.scores.overall) });
  }
  return faults;
}

export function isCleanPass(assessment: AttemptAssessment): boolean {
  return cleanPassFaults(assessment).length === 0;
}

const notesWord = (n: number): string => `${n} note${n === 1 ? '' : 's'}`;

/** Why a pass did not count, in a few words ("2 notes late or early, 1 note cracked"); null when clean. */
export function sayCleanPassFaults(faults: readonly CleanPassFault[]): string | null {
  if (faults.length === 0) return null;
  return faults
    .map((f) => {
      switch (f.fault) {
        case 'wrong':
          return `${notesWord(f.notes)} wrong`;
        case 'missed':
          return `${notesWord(f.notes)} not heard`;
        case 'cracked':
          return `${notesWord(f.notes)} cracked`;
        case 'off-beat':
          return `${notesWord(f.notes)} late or early`;
        case 'uneven':
          return `${notesWord(f.notes)} off the even pulse`;
        case 'off-pitch':
          return `${notesWord(f.notes)} out of tune`;
        case 'overall':
          return `overall ${f.overall} (a clean pass needs ${CLEAN_PASS_MIN_OVERALL})`;
        case 'drifted':
          return `the tempo drifted (♩=${f.startQpm} to ${f.endQpm})`;
      }
    })
    .join(', ');
}

/** A trainer's run of clean passes: how many in a row so far, and how many it needs. */
export interface CleanStreak {
  readonly inARow: number;
  readonly needed: number;
}

/**
 * The streak after one more judged pass: a clean pass adds one, any other starts again from 0;
 * `raise` when it reaches the count needed (the streak then starts again at the new tempo).
 */
export function nextCleanStreak(
  streak: CleanStreak,
  clean: boolean,
): { readonly streak: CleanStreak; readonly raise: boolean } {
  const needed = validateCleanPassesInARow(streak.needed);
  const inARow = clean ? streak.inARow + 1 : 0;
  return inARow >= needed
    ? { streak: { inARow: 0, needed }, raise: true }
    : { streak: { inARow, needed }, raise: false };
}
