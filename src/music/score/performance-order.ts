/**
 * Unrolls repeats, voltas and jumps into the order a player plays the measures (file indices,
 * a repeated measure once per time played). Conventions (MusicXML 4.0 `<repeat>`, `<ending>`,
 * `<sound dacapo dalsegno fine tocoda coda segno>`; common engraving practice):
 * - `|: … :|` plays twice, or `times` times; a backward repeat with no forward one goes back to the
 *   start or to just after the previous backward repeat or last ending.
 * - An ending (volta) is played on the passes its numbers name ("1, 2" on the first two).
 * - After D.C. or D.S., repeats are not taken again and only the final ending (the one that does
 *   not lead back) is played; Fine then ends the piece and To Coda jumps to the Coda.
 */
import { MAX_PERFORMANCE_MEASURES, ScoreReadError } from './score-read-error';

/** The marks of a measure that shape the performance order (a subset of ReadMeasure). */
export interface RepeatMarks {
  readonly forwardRepeat: boolean;
  /** Times the passage is played when the measure ends with a backward repeat, else null. */
  readonly backwardRepeatTimes: number | null;
  /** Ending (volta) numbers that start at this measure, e.g. [1, 2]. */
  readonly endingStart: readonly number[] | null;
  /** An ending bracket ends at this measure (type stop or discontinue). */
  readonly endingEnd: boolean;
  readonly jumps: Readonly<{
    segno: boolean;
    coda: boolean;
    toCoda: boolean;
    daCapo: boolean;
    dalSegno: boolean;
    fine: boolean;
  }>;
}

interface Bracket {
  readonly numbers: readonly number[];
  readonly end: number;
  /** The ending closes with a backward repeat (a "go back" ending, not the final one). */
  readonly leadsBack: boolean;
}

/** The ending bracket each measure lies under, or null. */
function endingBrackets(marks: readonly RepeatMarks[]): (Bracket | null)[] {
  const result: (Bracket | null)[] = marks.map(() => null);
  for (let start = 0; start < marks.length; start++) {
    const numbers = marks[start].endingStart;
    if (numbers === null) continue;
    let end = start;
    // A bracket closes at its stop/discontinue, at a backward repeat, or before the next ending.
    while (
      end + 1 < marks.length &&
      !marks[end].endingEnd &&
      marks[end].backwardRepeatTimes === null &&
      marks[end + 1].endingStart === null
    ) {
      end++;
    }
    const bracket = { numbers, end, leadsBack: marks[end].backwardRepeatTimes !== null };
    for (let i = start; i <= end; i++) result[i] = bracket;
    start = end;
  }
  return result;
}

/**
 * File indices of the measures in performance order. Throws a ScoreReadError when the
 * performance would exceed MAX_PERFORMANCE_MEASURES (also the guard against endless loops).
 */
export function performanceOrder(marks: readonly RepeatMarks[]): number[] {
  const brackets = endingBrackets(marks);
  const order: number[] = [];
  const taken = new Map<number, number>();
  let i = 0;
  let repeatStart = 0;
  let pass = 1;
  let jumped = false;
  let arrivedByRepeat = false;
  while (i < marks.length) {
    const m = marks[i];
    if (m.forwardRepeat && !arrivedByRepeat) {
      repeatStart = i;
      pass = 1;
    }
    arrivedByRepeat = false;
    const bracket = brackets[i];
    if (bracket !== null && (jumped ? bracket.leadsBack : !bracket.numbers.includes(pass))) {
      i++;
      continue;
    }
    if (order.length >= MAX_PERFORMANCE_MEASURES) {
      throw new ScoreReadError(
        `The piece is too long: over ${String(MAX_PERFORMANCE_MEASURES)} measures once repeats are played out (the limit).`,
      );
    }
    order.push(i);
    if (m.backwardRepeatTimes !== null && !jumped) {
      // Without `times`, a repeat closing an ending "1, 2" is played once per number, plus one.
      const times =
        bracket?.leadsBack === true && bracket.end === i
          ? Math.max(m.backwardRepeatTimes, Math.max(...bracket.numbers) + 1)
          : m.backwardRepeatTimes;
      const done = taken.get(i) ?? 0;
      if (done < times - 1) {
        taken.set(i, done + 1);
        pass++;
        i = repeatStart;
        arrivedByRepeat = true;
        continue;
      }
      taken.delete(i);
    }
    if (m.backwardRepeatTimes !== null || (bracket !== null && bracket.end === i)) {
      repeatStart = i + 1;
      pass = 1;
    }
    if (jumped && m.jumps.fine) break;
    if (jumped && m.jumps.toCoda) {
      const coda = marks.findIndex((mark, at) => at > i && mark.jumps.coda);
      if (coda >= 0) {
        i = coda;
        continue;
      }
    }
    if (!jumped && (m.jumps.daCapo || m.jumps.dalSegno)) {
      const target = m.jumps.daCapo ? 0 : marks.findIndex((mark) => mark.jumps.segno);
      if (target >= 0) {
        jumped = true;
        i = target;
        repeatStart = target;
        pass = 1;
        continue;
      }
    }
    i++;
  }
  return order;
}
