import { describe, expect, it } from 'vitest';
import { coachNote, coachSession, wrongNoteAdvice, type NoteContext } from './coach';
import { combosFor, type ValveCombo } from '../theory/fingerings';
import { midiOf } from '../theory/notes';
import { partialsOf, partialDeviationCents } from '../theory/partials';

/** A written note as the fingering chart gives it (primary fingering, partial, alternates). */
function note(name: string, valves?: ValveCombo): NoteContext {
  const writtenMidi = midiOf(name);
  const ways = combosFor(writtenMidi).map((combo) => ({
    valves: combo,
    partial: partialsOf(writtenMidi, combo)[0]?.partial ?? 0,
  }));
  const primary = ways.find((w) => w.valves === (valves ?? ways[0].valves)) ?? ways[0];
  return {
    writtenMidi,
    name,
    ...primary,
    alternates: ways.filter((w) => w !== primary),
  };
}

/** Three attempts in a row at `cents` on a note. */
const thrice = (context: NoteContext, cents: number) =>
  coachNote(context, cents, [cents, cents], 10).suggestion ?? '';

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

describe('coachNote: summary and tendency', () => {
  it('says sharp or flat with the amount', () => {
    expect(coachNote(note('E5'), 35, []).summary).toBe('You played E5 35 ¢ sharp.');
    expect(coachNote(note('E5'), -22, []).summary).toBe('You played E5 22 ¢ flat.');
    expect(coachNote(note('E5'), 4, []).verdict).toBe('in-tune');
    expect(coachNote(note('E5'), null, []).verdict).toBe('no-pitch');
  });

  it('an in-tune note that rounds to 0 reads "0 ¢", never "−0 ¢" or "+0 ¢"', () => {
    expect(coachNote(note('C5'), -0.3, []).summary).toBe('In tune: C5 0 ¢.');
    expect(coachNote(note('C5'), -3.4, []).summary).toBe('In tune: C5 −3 ¢.');
  });

  it('names a tendency only where it explains the attempt ("tends", every horn differs)', () => {
    expect(coachNote(note('E5'), -22, []).tendency).toBe(
      'E5 (5th partial) tends flat; every horn differs.',
    );
    // Sharp on a note that tends flat, in tune, on another note, nothing heard: no tendency.
    expect(coachNote(note('E5'), 35, []).tendency).toBeNull();
    expect(coachNote(note('G4'), 2, []).tendency).toBeNull();
    expect(coachNote(note('G4'), 25, []).tendency).toBeNull(); // 3rd partial: nothing worth saying
    expect(wrongNoteAdvice(note('C5'), 'E5')).toMatchObject({
      verdict: 'wrong-note',
      summary: 'Not C5: you played E5.',
      tendency: null,
    });
    expect(coachNote(note('C5'), null, []).tendency).toBeNull();
  });

  it('the 6th partial tends sharp (top-line F, F♯, G)', () => {
    for (const name of ['F5', 'F♯5', 'G5']) {
      expect(coachNote(note(name), 20, []).tendency).toBe(
        `${name} (6th partial) tends sharp; every horn differs.`,
      );
    }
  });

  it('1-3 and 1-2-3 notes tend sharp', () => {
    expect(coachNote(note('D4'), 20, []).tendency).toBe(
      'D4 on 1-3 tends sharp; every horn differs.',
    );
  });
});

describe('coachNote: suggestions when consistently off (3 in a row)', () => {
  it('flat E5: the standard swaps 1-2 or 3, each with how far it leans', () => {
    expect(thrice(note('E5'), -18)).toBe(
      'You were flat on E5 3 times in a row: faster air, or try 1-2 (about 20 ¢ higher) or 3 (about 15 ¢ higher).',
    );
  });

  it.each([
    ['D5', '1-3'],
    ['E♭5', '2-3'],
    ['C♯5', '1-2-3 with the 3rd slide out'],
  ])('flat %s: try %s', (name, swap) => {
    expect(thrice(note(name), -20)).toContain(`or try ${swap}`);
  });

  it('never suggests a trill fingering for a flat F♯4, B♭4 (1-2-3) or G4 (1-3)', () => {
    for (const name of ['F♯4', 'B♭4', 'G4']) {
      const advice = thrice(note(name), -20);
      expect(advice).not.toMatch(/1-2-3|1-3/);
      expect(advice).toContain('faster air, hear the pitch first');
    }
  });

  it('never suggests a 7th-partial fingering for a sharp F5 (1-3), G♯5 (1) or B♭5 (open)', () => {
    expect(thrice(note('F5'), 20)).not.toMatch(/1-3|alternate/);
    expect(thrice(note('G♯5'), 20)).not.toMatch(/try 1\b|alternate/);
    expect(thrice(note('B♭5'), 20)).toBe(
      'You were sharp on B♭5 3 times in a row: relax, open the aperture.',
    );
    expect(thrice(note('G5'), 20)).toBe(
      'You were sharp on G5 3 times in a row: relax, open the aperture.',
    );
  });

  it('1-2 advice only where 1-2 tends sharp: A4 yes, C♯5 and C♯6 (flat 5th partial) no', () => {
    expect(thrice(note('A4'), 15)).toContain('1st slide out, or finger it 3');
    expect(thrice(note('C♯5'), 15)).not.toMatch(/1st slide/);
    expect(thrice(note('C♯6'), 15)).not.toMatch(/1st slide/);
  });

  it('flat on 1-3 or 1-2-3: if the 3rd slide is out, push it in (a condition, not a fact)', () => {
    for (const name of ['D4', 'C♯4', 'G3', 'F♯3']) {
      const advice = thrice(note(name), -20);
      expect(advice).toContain('if your 3rd slide is out, push it in; otherwise faster air');
      expect(advice).not.toMatch(/lip it up|pinch/);
    }
  });

  it('flat with no valve cause: faster air, hear the pitch first', () => {
    expect(thrice(note('C5'), -20)).toBe(
      'You were flat on C5 3 times in a row: faster air, hear the pitch first.',
    );
  });

  it('sharp on 1-3: extend the 3rd valve slide', () => {
    expect(thrice(note('D4'), 25)).toContain('extend the 3rd valve slide');
  });

  it("uses the player's own map: drops a swap their horn plays flat too, reports the others", () => {
    const horn = (midi: number, combo: ValveCombo) =>
      midi === midiOf('E5') && combo === '12'
        ? { medianCents: -15, attempts: 4 }
        : midi === midiOf('E5') && combo === '3'
          ? { medianCents: 2, attempts: 5 }
          : null;
    const advice = coachNote(note('E5'), -20, [-20, -20], 10, horn).suggestion ?? '';
    expect(advice).toContain('or try 3 (about 15 ¢ higher)');
    expect(advice).not.toContain('try 1-2');
    expect(advice).toContain('On your horn: 1-2 −15 ¢ over 4, 3 +2 ¢ over 5.');
  });

  it('no suggestion when the attempts disagree or are too few', () => {
    const D4 = note('D4');
    expect(coachNote(D4, 25, [-20, 30]).suggestion).toBeNull();
    expect(coachNote(D4, 25, [30]).suggestion).toBeNull();
    expect(coachNote(D4, 5, [30, 30]).suggestion).toBeNull();
  });
});

describe('coachSession: the main tuning slide, judged on open notes', () => {
  const open = (name: string, medianCents: number | null) => {
    const n = note(name);
    return { valves: n.valves, partial: n.partial, medianCents };
  };

  it('open notes sharp → pull the main slide out; flat → push it in', () => {
    expect(coachSession([open('C4', 12), open('G4', 15)])).toMatch(
      /open notes were sharp \(median \+14 ¢\): pull the main tuning slide out/,
    );
    expect(coachSession([open('C4', -15), open('C5', -20), open('G4', -12)])).toMatch(
      /push the main tuning slide in/,
    );
  });

  it('an even count takes the mean of the middle two: [−30, −30, +30, +30] is no lean', () => {
    expect(
      coachSession([open('C4', -30), open('G4', -30), open('C5', 30), open('G4', 30)]),
    ).toBeNull();
  });

  it('ignores valve notes and notes with a partial tendency (sharp 1-3, flat E5)', () => {
    expect(
      coachSession([open('D4', 30), open('G3', 25), open('E5', -20), open('C4', 1), open('G4', 2)]),
    ).toBeNull();
    expect(coachSession([open('D4', 30), open('C♯4', 30), open('G3', 30)])).toBeNull();
    expect(coachSession([open('C4', null), open('G4', 30)])).toBeNull();
  });
});
