import { describe, expect, it } from 'vitest';
import { coachNote, coachSession, tendencyOf, wrongNoteAdvice, type NoteContext } from './coach';
import { partialDeviationCents } from './partials';

// Written notes as a teacher's fingering chart gives them (primary fingering, partial, alternates).
const E5: NoteContext = {
  name: 'E5',
  valves: '0',
  partial: 5,
  alternates: [{ valves: '12', partial: 6 }],
};
const D5: NoteContext = {
  name: 'D5',
  valves: '1',
  partial: 5,
  alternates: [{ valves: '13', partial: 6 }],
};
const G5: NoteContext = {
  name: 'G5',
  valves: '0',
  partial: 6,
  alternates: [{ valves: '13', partial: 8 }],
};
const D4: NoteContext = { name: 'D4', valves: '13', partial: 3, alternates: [] };
const Cs4: NoteContext = { name: 'C♯4', valves: '123', partial: 3, alternates: [] };
const A4: NoteContext = {
  name: 'A4',
  valves: '12',
  partial: 4,
  alternates: [{ valves: '3', partial: 4 }],
};
const C5: NoteContext = {
  name: 'C5',
  valves: '0',
  partial: 4,
  alternates: [{ valves: '23', partial: 5 }],
};

describe('natural partial deviations from equal temperament', () => {
  it.each([
    [2, 0],
    [3, 2.0],
    [4, 0],
    [5, -13.7],
    [6, 2.0],
    [7, -31.2],
    [8, 0],
  ])('partial %i: %f ¢', (partial, cents) => {
    expect(partialDeviationCents(partial)).toBeCloseTo(cents, 1);
  });
});

describe('tendencies a teacher would name', () => {
  it('5th-partial notes (E5 open, D5 with 1) tend ~14 ¢ flat', () => {
    for (const note of [E5, D5]) {
      const t = tendencyOf(note);
      expect(t.direction).toBe('flat');
      expect(t.reason).toMatch(/5th partial is naturally ~14 ¢ flat/);
    }
  });

  it('6th-partial G5 is only ~2 ¢ sharp', () => {
    const t = tendencyOf(G5);
    expect(t.direction).toBe('none');
    expect(t.reason).toMatch(/6th partial .*2 ¢ sharp/);
  });

  it('1-3 and 1-2-3 are sharp: extend the 3rd valve slide', () => {
    for (const note of [D4, Cs4]) {
      const t = tendencyOf(note);
      expect(t).toMatchObject({ direction: 'sharp', slide: '3rd' });
      expect(t.reason).toMatch(/extend the 3rd valve slide/);
    }
  });

  it('1-2 is slightly sharp: 1st slide', () => {
    expect(tendencyOf(A4)).toMatchObject({ direction: 'sharp', slide: '1st' });
  });

  it('open C5 (4th partial) has no tendency', () => {
    expect(tendencyOf(C5)).toMatchObject({ direction: 'none', reason: null, slide: null });
  });
});

describe('coachNote', () => {
  it('says sharp or flat with the amount, and why the note tends that way', () => {
    const sharp = coachNote(E5, 35, []);
    expect(sharp.verdict).toBe('sharp');
    expect(sharp.summary).toBe('You played E5 35 ¢ sharp.');
    expect(sharp.tendency).toMatch(
      /E5 is the 5th partial of open\. The 5th partial is naturally ~14 ¢ flat/,
    );
    expect(sharp.suggestion).toBeNull();
    expect(coachNote(E5, -22, []).summary).toBe('You played E5 22 ¢ flat.');
    expect(coachNote(E5, 4, []).verdict).toBe('in-tune');
    expect(coachNote(E5, null, []).verdict).toBe('no-pitch');
  });

  it('consistently flat on E5: suggests the 1-2 alternate', () => {
    const advice = coachNote(E5, -18, [-15, -20]);
    expect(advice.suggestion).toMatch(
      /flat on E5 3 times in a row: try the alternate fingering 1-2/,
    );
  });

  it('consistently sharp on D4 (1-3): extend the 3rd valve slide', () => {
    expect(coachNote(D4, 25, [20, 30]).suggestion).toMatch(/extend the 3rd valve slide/);
  });

  it('consistently sharp on A4 (1-2): the 1st slide or fingering 3', () => {
    expect(coachNote(A4, 15, [14, 16]).suggestion).toMatch(/1st valve slide out, or finger it 3/);
  });

  it('no suggestion when the attempts disagree or are too few', () => {
    expect(coachNote(D4, 25, [-20, 30]).suggestion).toBeNull();
    expect(coachNote(D4, 25, [30]).suggestion).toBeNull();
    expect(coachNote(D4, 5, [30, 30]).suggestion).toBeNull();
  });
});

describe('wrongNoteAdvice', () => {
  it('names the note the player held instead of the target', () => {
    expect(wrongNoteAdvice(C5, 'E5')).toMatchObject({
      verdict: 'wrong-note',
      summary: 'Not C5: you played E5.',
    });
  });
});

describe('coachSession', () => {
  it('every note sharp: the main tuning slide, not a partial', () => {
    expect(coachSession([15, 20, 12, 18])).toMatch(/pull the main tuning slide out/);
    expect(coachSession([-15, -20, -12])).toMatch(/push the main tuning slide in/);
    expect(coachSession([15, -20, 2, 0])).toBeNull();
    expect(coachSession([null, 30])).toBeNull();
  });
});
