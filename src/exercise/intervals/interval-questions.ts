/**
 * Interval questions: a written reference and an interval up or down, spelled by interval
 * arithmetic (a minor 2nd above B♭3 is C♭4), and how a teacher says them. Pure.
 */
import {
  spelledNoteName,
  spellMidi,
  type SpelledNote,
  type Spelling,
  INTERVALS,
  intervalFrom,
  type IntervalSpec,
} from '../../music';

export type IntervalDirection = 'up' | 'down';

export interface IntervalQuestion {
  /** Written MIDI of the reference the app plays. */
  referenceMidi: number;
  /** The reference as written (spelled so the answer needs no double sharp or flat). */
  reference: SpelledNote;
  direction: IntervalDirection;
  semitones: number;
  intervalName: string;
  /** Written MIDI the player should answer with. */
  answerMidi: number;
  /** The answer spelled by interval: a minor 2nd above B♭3 is C♭4. */
  answer: SpelledNote;
}

/** Which way the questions go: above the reference, below it, or both mixed. */
export type IntervalDirections = IntervalDirection | 'both';
export const INTERVAL_DIRECTIONS: readonly IntervalDirections[] = ['up', 'down', 'both'];

/**
 * A question on a written reference, spelled by `spelling` unless the answer would then need a
 * double sharp or flat (a major 7th above G♯3 is F𝄪4): then the reference takes its other name
 * (A♭3, answer G4).
 */
export function makeQuestion(
  referenceMidi: number,
  interval: IntervalSpec,
  direction: IntervalDirection,
  spelling: Spelling = 'default',
): IntervalQuestion {
  const candidates = [spellMidi(referenceMidi, spelling), spellMidi(referenceMidi, 'flats')];
  candidates.push(spellMidi(referenceMidi, 'sharps'));
  // The tritone is named as the spelling that reads simpler: an augmented 4th (F up to B) or a
  // diminished 5th (B♭ down to E, never F♭): issue 22 row 9.
  const specs = interval.semitones === 6 ? TRITONE_SPELLINGS : [interval];
  // The preferred reference first, with its simplest spelling of the interval; another name
  // for the reference only when the answer would still need a double sharp or flat.
  const first = candidates[0];
  let best = { reference: first, spec: specs[0], answer: intervalFrom(first, specs[0], direction) };
  for (const reference of candidates) {
    for (const spec of specs) {
      const answer = intervalFrom(reference, spec, direction);
      if (Math.abs(answer.accidental) < Math.abs(best.answer.accidental)) {
        best = { reference, spec, answer };
      }
    }
    if (Math.abs(best.answer.accidental) <= 1) break;
  }
  const { reference, spec, answer } = best;
  const sign = direction === 'up' ? 1 : -1;
  return {
    referenceMidi,
    reference,
    direction,
    semitones: interval.semitones,
    intervalName: spec.name,
    answerMidi: referenceMidi + sign * interval.semitones,
    answer,
  };
}

/** The tritone's two spellings: three letters (augmented 4th) or four (diminished 5th). */
const TRITONE_SPELLINGS: readonly IntervalSpec[] = [
  { semitones: 6, letterSteps: 3, name: 'augmented 4th' },
  { semitones: 6, letterSteps: 4, name: 'diminished 5th' },
];

/** "a major 3rd", "an octave", "an augmented 4th": the article a teacher says. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * `count` questions, never the same twice in a row: an interval up to an octave above a written
 * reference between G3 and G4, or below one between G4 and G5 (the answer stays on the trumpet:
 * written G3–G5). `random` returns [0, 1) (tests pass a seeded one).
 */
export function makeQuestions(
  count: number,
  random: () => number = Math.random,
  options: { directions?: IntervalDirections; spelling?: Spelling } = {},
): IntervalQuestion[] {
  if (!Number.isInteger(count) || count < 1 || count > 50) {
    throw new Error(`Question count must be an integer from 1 to 50, got ${count}.`);
  }
  const directions = options.directions ?? 'up';
  if (!INTERVAL_DIRECTIONS.includes(directions)) {
    throw new Error(
      `directions must be one of ${INTERVAL_DIRECTIONS.join(', ')}, got "${String(directions)}".`,
    );
  }
  const questions: IntervalQuestion[] = [];
  while (questions.length < count) {
    const direction: IntervalDirection =
      directions === 'both' ? (random() < 0.5 ? 'up' : 'down') : directions;
    const referenceMidi = (direction === 'up' ? 55 : 67) + Math.floor(random() * 13);
    let pick = Math.floor(random() * INTERVALS.length);
    const previous = questions.at(-1);
    // Never the same question twice in a row: take the next interval instead (no retry loop, so
    // even a constant `random` terminates).
    if (
      previous?.referenceMidi === referenceMidi &&
      previous.direction === direction &&
      previous.semitones === INTERVALS[pick].semitones
    ) {
      pick = (pick + 1) % INTERVALS.length;
    }
    questions.push(makeQuestion(referenceMidi, INTERVALS[pick], direction, options.spelling));
  }
  return questions;
}

/** "Play a major 3rd above C4", "Play a minor 2nd below C♭5". */
export function questionText(q: IntervalQuestion): string {
  const where = q.direction === 'up' ? 'above' : 'below';
  return `Play ${withArticle(q.intervalName)} ${where} ${spelledNoteName(q.reference)}`;
}

/** The question with the reference hidden (true ear training): the player hears it, never sees it. */
export function hiddenQuestionText(q: IntervalQuestion): string {
  const where = q.direction === 'up' ? 'above' : 'below';
  return `Play ${withArticle(q.intervalName)} ${where} the note you hear`;
}
