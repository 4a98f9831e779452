import { describe, expect, it } from 'vitest';
import {
  INTERVALS,
  LETTERS,
  SPELLINGS,
  spelledNoteName,
  spelledToMidi,
  type SpelledNote,
} from '../../music';
import { hiddenQuestionText, makeQuestion, questionText, withArticle } from './interval-questions';

/** Letters from `a` to `b` (negative downwards), counting octaves. */
const letterDistance = (a: SpelledNote, b: SpelledNote): number =>
  LETTERS.indexOf(b.letter) + 7 * b.octave - (LETTERS.indexOf(a.letter) + 7 * a.octave);

/** An interval's number from its name ("minor 3rd" → 3, "octave" → 8), minus one: letters moved. */
const lettersOf = (name: string): number => {
  if (name === 'octave') return 7;
  const number = /(\d+)(st|nd|rd|th)$/.exec(name);
  if (!number) throw new Error(`no number in "${name}"`);
  return Number(number[1]) - 1;
};

/**
 * Issue 22 rows 9 and 10: every question the ear exercise can ask (every reference it uses,
 * every interval, up and down, every spelling preference) names its interval so that the
 * answer's spelling follows from it by letters, the tritone as whichever of augmented 4th and
 * diminished 5th reads simpler, and with the right article.
 */
describe('interval questions: names, spellings and articles', () => {
  it('every reference × interval × direction × spelling', () => {
    for (const spelling of SPELLINGS) {
      for (let referenceMidi = 55; referenceMidi <= 79; referenceMidi++) {
        for (const interval of INTERVALS) {
          for (const direction of ['up', 'down'] as const) {
            const q = makeQuestion(referenceMidi, interval, direction, spelling);
            const where = questionText(q);
            expect(spelledToMidi(q.answer), where).toBe(q.answerMidi);
            expect(Math.abs(q.answer.accidental), where).toBeLessThanOrEqual(1);
            const sign = direction === 'up' ? 1 : -1;
            expect(letterDistance(q.reference, q.answer), where).toBe(
              sign * lettersOf(q.intervalName),
            );
            expect(where).not.toMatch(/\ba [aeiou]/i);
            expect(hiddenQuestionText(q)).not.toMatch(/\ba [aeiou]/i);
            if (interval.semitones !== 6) continue;
            expect(['augmented 4th', 'diminished 5th']).toContain(q.intervalName);
            // The other spelling of the tritone from the same reference is never simpler.
            const other = q.intervalName === 'augmented 4th' ? 4 : 3;
            const otherLetter =
              LETTERS[(((LETTERS.indexOf(q.reference.letter) + sign * other) % 7) + 7) % 7];
            const otherNatural =
              spelledToMidi({ letter: otherLetter, accidental: 0, octave: 4 }) % 12;
            const pc = ((q.answerMidi % 12) + 12) % 12;
            let otherAccidental = pc - otherNatural;
            if (otherAccidental > 6) otherAccidental -= 12;
            if (otherAccidental < -6) otherAccidental += 12;
            expect(Math.abs(q.answer.accidental), where).toBeLessThanOrEqual(
              Math.abs(otherAccidental),
            );
          }
        }
      }
    }
  });

  it('the issue examples: below B♭4 a diminished 5th to E4; "an octave"', () => {
    const tritone = INTERVALS.find((i) => i.semitones === 6);
    const octave = INTERVALS.find((i) => i.semitones === 12);
    if (!tritone || !octave) throw new Error('intervals missing');
    const down = makeQuestion(70, tritone, 'down');
    expect(questionText(down)).toBe('Play a diminished 5th below B♭4');
    expect(spelledNoteName(down.answer)).toBe('E4');
    const up = makeQuestion(65, tritone, 'up');
    expect(questionText(up)).toBe('Play an augmented 4th above F4');
    expect(spelledNoteName(up.answer)).toBe('B4');
    expect(questionText(makeQuestion(60, octave, 'up'))).toBe('Play an octave above C4');
    expect(withArticle('major 3rd')).toBe('a major 3rd');
  });
});
