import { describe, expect, it } from 'vitest';
import { writtenMidiToHz, spelledNoteName, INTERVALS } from '../../music';
import { liveReading } from '../../audio/testing/stream';
import {
  hiddenQuestionText,
  makeQuestion,
  makeQuestions,
  questionText,
} from './interval-questions';
import { createIntervalSession, REFERENCE_MS } from './interval-session';

/** A reading of a note the stream has confirmed. */
const noted = (hz: number, t: number) => liveReading(hz, t, 'fast', { noteHz: hz });

const interval = (name: string) => {
  const found = INTERVALS.find((i) => i.name === name);
  if (!found) throw new Error(name);
  return found;
};
const question = makeQuestion(60, interval('major 3rd'), 'up');

function answerWith(hz: number) {
  const session = createIntervalSession({
    questions: [question],
    instrument: 'bb-trumpet',
    a4Hz: 440,
  });
  session.ask(0);
  // The reference still sounds: a pitch heard then (the app's own tone) is not an answer.
  for (let t = 0; t < REFERENCE_MS; t += 50) {
    session.onReading(noted(session.referenceHz(0), t));
  }
  expect(session.state.get().phase).toBe('listen');
  for (let t = 2000; t < 3000; t += 50) {
    session.onReading(noted(hz, t));
  }
  return session.state.get();
}

describe('interval / ear exercise', () => {
  it('asks for an interval above a written reference', () => {
    expect(questionText(question)).toBe('Play a major 3rd above C4');
    const qs = makeQuestions(20, () => 0.5);
    expect(qs.every((q) => q.answerMidi - q.referenceMidi === q.semitones)).toBe(true);
    // Even a constant random source never asks the same question twice in a row.
    for (let i = 1; i < qs.length; i++) expect(qs[i]).not.toEqual(qs[i - 1]);
    expect(() => makeQuestions(0)).toThrow(/1 to 50/);
  });

  it('spells the answer by interval: a minor 2nd above B♭3 is C♭4, not B3', () => {
    const q = makeQuestion(58, interval('minor 2nd'), 'up');
    expect(questionText(q)).toBe('Play a minor 2nd above B♭3');
    expect(spelledNoteName(q.answer)).toBe('C♭4');
    expect(q.answerMidi).toBe(59);
  });

  it('offers descending intervals, spelled by interval and kept on the trumpet', () => {
    const q = makeQuestion(62, interval('major 3rd'), 'down');
    expect(questionText(q)).toBe('Play a major 3rd below D4');
    expect(spelledNoteName(q.answer)).toBe('B♭3');
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const qs = makeQuestions(50, random, { directions: 'both' });
    expect(new Set(qs.map((x) => x.direction))).toEqual(new Set(['up', 'down']));
    for (const x of qs) {
      expect(x.answerMidi - x.referenceMidi).toBe(
        x.direction === 'up' ? x.semitones : -x.semitones,
      );
      expect(x.answerMidi).toBeGreaterThanOrEqual(55); // G3
      expect(x.answerMidi).toBeLessThanOrEqual(79); // G5
      expect(Math.abs(x.answer.accidental)).toBeLessThanOrEqual(1);
    }
    expect(() => makeQuestions(3, random, { directions: 'sideways' as 'up' })).toThrow(
      /up, down, both/,
    );
  });

  it('respells the reference rather than ask for a double sharp (major 7th above G♯3 → A♭3, G4)', () => {
    const q = makeQuestion(56, interval('major 7th'), 'up');
    expect(spelledNoteName(q.reference)).toBe('A♭3');
    expect(spelledNoteName(q.answer)).toBe('G4');
  });

  it('the right note held in tune scores 100', () => {
    const state = answerWith(writtenMidiToHz(64, 'bb-trumpet'));
    expect(state.phase).toBe('done');
    expect(state.answers[0]).toMatchObject({ heardMidi: 64, correct: true, score: 100, cents: 0 });
  });

  it('the right note 30 ¢ flat still counts, with fewer points', () => {
    const state = answerWith(writtenMidiToHz(64, 'bb-trumpet') * 2 ** (-30 / 1200));
    const centred = answerWith(writtenMidiToHz(64, 'bb-trumpet')).answers[0];
    const flat = state.answers[0];
    expect(flat).toMatchObject({ correct: true, cents: -30 });
    // The assessor's pitch curve: points lost little by little, never the whole note.
    expect(flat?.score).toBeGreaterThan(40);
    expect(flat?.score).toBeLessThan((centred?.score ?? 0) - 20);
    expect(flat?.verdict?.reasons).toContain('30 ¢ flat');
  });

  it('a minor 3rd instead of a major 3rd is wrong', () => {
    const state = answerWith(writtenMidiToHz(63, 'bb-trumpet'));
    expect(state.answers[0]).toMatchObject({
      heardMidi: 63,
      correct: false,
      score: 0,
      cents: -100,
    });
  });

  it('no answer within the time limit is a miss', () => {
    const session = createIntervalSession({
      questions: [question],
      instrument: 'bb-trumpet',
      a4Hz: 440,
    });
    session.ask(0);
    session.tick(20_000);
    expect(session.state.get().answers[0]).toMatchObject({
      heardMidi: null,
      correct: false,
      score: 0,
    });
  });
});

describe('hidden reference (ear training)', () => {
  it('asks without naming the reference, both directions', () => {
    const up = makeQuestion(60, INTERVALS[3], 'up');
    const down = makeQuestion(60, INTERVALS[6], 'down');
    expect(hiddenQuestionText(up)).toBe('Play a major 3rd above the note you hear');
    expect(hiddenQuestionText(down)).toBe('Play a perfect 5th below the note you hear');
    expect(hiddenQuestionText(up)).not.toContain('C4');
  });
});
