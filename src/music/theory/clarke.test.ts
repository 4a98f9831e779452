import { describe, expect, it } from 'vitest';
import { clarkeKeys, clarkePassage } from './clarke';
import { timedNotes } from './notation';
import { SPELLINGS, spelledToMidi } from './notes';
import { MAJOR_KEYS, spelledName } from './scales';

const LETTERS = 'CDEFGAB';

describe('issue 22 (b): Clarke-style study, every starting key × spelling', () => {
  it.each(MAJOR_KEYS)('%s over F♯3–C6', (start) => {
    for (const spelling of SPELLINGS) {
      const keys = clarkeKeys({ key: start, lowMidi: 54, highMidi: 84, spelling });
      expect(keys).toHaveLength(12);
      expect(keys[0].key).toBe(start);
      keys.forEach(({ notes }, k) => {
        expect(notes).toHaveLength(17);
        // Each step of the figure moves one letter (degrees 1-2-3-4-5-4-3-2 …).
        for (let i = 1; i < notes.length; i++) {
          const letters =
            (LETTERS.indexOf(notes[i].letter) - LETTERS.indexOf(notes[i - 1].letter) + 7) % 7;
          expect(letters === 1 || letters === 6, spelledName(notes[i])).toBe(true);
        }
        for (const n of notes) {
          expect(spelledToMidi(n)).toBe(n.midi);
          expect(Math.abs(n.accidental)).toBeLessThanOrEqual(1);
          expect(n.midi).toBeGreaterThanOrEqual(54);
          expect(n.midi).toBeLessThanOrEqual(84);
        }
        // A major 5-finger figure: 2 2 1 2 semitones up to the 5th.
        expect(notes.slice(0, 5).map((n, i, a) => (i ? n.midi - a[i - 1].midi : 0))).toEqual([
          0, 2, 2, 1, 2,
        ]);
        if (k > 0) expect(notes[0].midi).toBe(keys[k - 1].notes[0].midi - 1);
      });
    }
  });

  it('G: G A B C D C B A … then F♯ (sharps reader), a half step lower each time', () => {
    const keys = clarkeKeys({ key: 'G', lowMidi: 54, highMidi: 74, spelling: 'sharps', keys: 3 });
    expect(keys.map((k) => k.key)).toEqual(['G', 'F♯', 'F']);
    expect(
      keys[0].notes
        .slice(0, 9)
        .map((n) => spelledName(n))
        .join(' '),
    ).toBe('G4 A4 B4 C5 D5 C5 B4 A4 G4');
  });

  it('walks down through D♭, A♭ and F♯ with every preference, never C♯, G♯ or G♭ (U21)', () => {
    // A half step lower each key from C5: the enharmonic pairs are C♯/D♭ (C♯ major needs E♯),
    // G♯/A♭ (B♯), F♯/G♭ (G♭ needs C♭), D♯/E♭ (F𝄪) and A♯/B♭ (C𝄪).
    for (const spelling of SPELLINGS) {
      const keys = clarkeKeys({ key: 'C', lowMidi: 54, highMidi: 84, spelling });
      expect(
        keys.map((k) => k.key),
        spelling,
      ).toEqual(['C', 'B', 'B♭', 'A', 'A♭', 'G', 'F♯', 'F', 'E', 'E♭', 'D', 'D♭']);
    }
  });

  it.each(MAJOR_KEYS)('from %s: no E♯, B♯, C♭ or F♭ in any key the walk chooses', (start) => {
    for (const spelling of SPELLINGS) {
      const names = clarkeKeys({ key: start, lowMidi: 54, highMidi: 84, spelling }).flatMap((k) =>
        k.notes.map((n) => spelledName(n).slice(0, -1)),
      );
      for (const awkward of ['E♯', 'B♯', 'C♭', 'F♭'])
        expect(names, spelling).not.toContain(awkward);
    }
  });

  it('as music: a slurred phrase per key, no key signature, the tonic held', () => {
    const passage = clarkePassage({ key: 'C', lowMidi: 54, highMidi: 72, keys: 2 });
    expect(passage.key).toBeNull();
    const notes = timedNotes(passage);
    expect(notes).toHaveLength(34);
    expect(notes[0].slurredIn).toBe(false);
    expect(notes[1].slurredIn).toBe(true);
    expect(notes[17].slurredIn).toBe(false); // a breath between keys
    expect(notes[16].beats).toBe(2);
  });

  it('names the range it needs', () => {
    expect(() => clarkeKeys({ key: 'C', lowMidi: 60, highMidi: 64 })).toThrow(/hold a 5th/);
    expect(() => clarkeKeys({ key: 'C', lowMidi: 60, highMidi: 72, keys: 13 })).toThrow(
      /from 1 to 12/,
    );
  });
});
