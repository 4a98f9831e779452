import { describe, expect, it } from 'vitest';
import { spelledNoteName, spelledToMidi } from './notes';
import { brokenOrder, buildScale, SCALE_KIND_LABELS, SCALE_KINDS, type ScaleKind } from './scales';

const LETTERS = 'CDEFGAB';
/** Every tonic spelling with at most one sharp or flat, including C♭, F♭, E♯ and B♯. */
const TONICS = [...LETTERS].flatMap((l) => [l, `${l}♯`, `${l}♭`]);
const SEVEN_NOTE: readonly ScaleKind[] = [
  'major',
  'natural-minor',
  'harmonic-minor',
  'melodic-minor',
  'jazz-melodic-minor',
];

describe('issue 22 row 13: every tonic spelling, every kind, is spelled (no "Cundefined3")', () => {
  it.each(TONICS)('%s', (key) => {
    for (const kind of SCALE_KINDS) {
      const notes = buildScale({ kind, key, lowMidi: 54, highMidi: 72 });
      for (const n of notes) {
        expect(spelledNoteName(n), `${key} ${kind}`).toMatch(/^[A-G](𝄫|♭|♯|𝄪)?\d$/);
        expect(spelledToMidi(n)).toBe(n.midi);
      }
      // A full-range scale starts on the lowest note of the key in the range (tested below).
      if (kind === 'chromatic' || kind === 'major-full-range') continue;
      // The tonic keeps its letter and accidental (C♭ is C♭, never B).
      expect(spelledNoteName(notes[0]).replace(/\d$/, '')).toBe(key);
      if (!SEVEN_NOTE.includes(kind)) continue;
      // Each degree takes the next letter (interval arithmetic on letters).
      for (let i = 1; i < 8; i++) {
        const step =
          (LETTERS.indexOf(notes[i].letter) - LETTERS.indexOf(notes[i - 1].letter) + 7) % 7;
        expect(step, `${key} ${kind} degree ${i + 1}`).toBe(1);
      }
    }
  });

  it('C♭ major is C♭ D♭ E♭ F♭ G♭ A♭ B♭ C♭; B♯ major starts B♯', () => {
    const cFlat = buildScale({ kind: 'major', key: 'C♭', lowMidi: 54, highMidi: 72 });
    expect(
      cFlat
        .slice(0, 8)
        .map((n) => spelledNoteName(n))
        .join(' '),
    ).toBe('C♭4 D♭4 E♭4 F♭4 G♭4 A♭4 B♭4 C♭5');
    const bSharp = buildScale({ kind: 'major', key: 'B♯', lowMidi: 54, highMidi: 72 });
    expect(spelledNoteName(bSharp[0])).toBe('B♯3');
  });
});

describe('issue 22 row 14: melodic minor says what it does; the jazz form is offered', () => {
  it('labels', () => {
    expect(SCALE_KIND_LABELS['melodic-minor']).toBe('Melodic minor (raised 6–7 up, natural down)');
    expect(SCALE_KIND_LABELS['jazz-melodic-minor']).toMatch(/raised 6–7 both ways/);
  });

  it('A jazz melodic minor keeps F♯ and G♯ coming down', () => {
    const notes = buildScale({ kind: 'jazz-melodic-minor', key: 'A', lowMidi: 57, highMidi: 69 });
    expect(notes.map((n) => spelledNoteName(n)).join(' ')).toBe(
      'A3 B3 C4 D4 E4 F♯4 G♯4 A4 G♯4 F♯4 E4 D4 C4 B3 A3',
    );
  });
});

describe('issue 22 (b): Arban scale pattern in 3rds, every major key', () => {
  it('C: C E D F E G F A G B A C A B G A F G E F D E C', () => {
    const notes = buildScale({ kind: 'major-thirds', key: 'C', lowMidi: 60, highMidi: 72 });
    expect(notes.map((n) => spelledNoteName(n).replace(/\d$/, '')).join(' ')).toBe(
      'C E D F E G F A G B A C A B G A F G E F D E C',
    );
  });

  it.each(TONICS.filter((k) => !['E♯', 'B♯', 'F♭'].includes(k)))(
    '%s major in 3rds: every leap a 3rd by letters, inside the major scale',
    (key) => {
      const plain = buildScale({ kind: 'major', key, lowMidi: 54, highMidi: 84 });
      const thirds = buildScale({ kind: 'major-thirds', key, lowMidi: 54, highMidi: 84 });
      const inScale = new Set(plain.map((n) => spelledNoteName(n)));
      for (const n of thirds)
        expect(inScale.has(spelledNoteName(n)), spelledNoteName(n)).toBe(true);
      const letter = (n: (typeof thirds)[number]) => LETTERS.indexOf(n.letter) + 7 * n.octave;
      // Pairs a 3rd apart (2 letters): up on the way up; on the way down the top note is played
      // once, so the first note down is a 3rd below it and the pairs follow.
      const top = (plain.length - 1) / 2;
      const upLength = 2 * (top - 1); // pairs (0,2) … (top−2, top)
      for (let i = 0; i < upLength; i += 2) {
        expect(letter(thirds[i + 1]) - letter(thirds[i])).toBe(2);
      }
      expect(letter(thirds[upLength]) - letter(thirds[upLength - 1])).toBe(-2);
      for (let i = upLength + 1; i + 1 < thirds.length; i += 2) {
        expect(letter(thirds[i + 1]) - letter(thirds[i])).toBe(-2);
      }
      expect(thirds).toHaveLength(4 * top - 5);
      expect(thirds[0].midi).toBe(plain[0].midi);
      expect(thirds.at(-1)?.midi).toBe(plain[0].midi);
      expect(Math.max(...thirds.map((n) => n.midi))).toBe(Math.max(...plain.map((n) => n.midi)));
    },
  );
});

describe('issue 22 (b): full-range major scales, every key', () => {
  it.each(TONICS.filter((k) => !['E♯', 'B♯', 'F♭'].includes(k)))('%s from F♯3 to C6', (key) => {
    const low = 54;
    const high = 84;
    const notes = buildScale({ kind: 'major-full-range', key, lowMidi: low, highMidi: high });
    // The key's spelling, by pitch class, from its one-octave scale.
    const octave = buildScale({ kind: 'major', key, lowMidi: 60, highMidi: 72 });
    const spelling = new Map(
      octave.map((n) => [((n.midi % 12) + 12) % 12, `${n.letter}${n.accidental}`]),
    );
    const up = notes.slice(0, (notes.length + 1) / 2);
    const inKey = [];
    for (let m = low; m <= high; m++) if (spelling.has(m % 12)) inKey.push(m);
    expect(up.map((n) => n.midi)).toEqual(inKey);
    for (const n of up) expect(`${n.letter}${n.accidental}`).toBe(spelling.get(n.midi % 12));
    for (let i = 1; i < up.length; i++) {
      expect((LETTERS.indexOf(up[i].letter) - LETTERS.indexOf(up[i - 1].letter) + 7) % 7).toBe(1);
      expect(spelledToMidi(up[i])).toBe(up[i].midi);
    }
    expect(notes.slice((notes.length - 1) / 2).map((n) => n.midi)).toEqual([...inKey].reverse());
  });
});

describe('issue 22 (b): Arban in 4ths', () => {
  it('C: C F D G E A F B G C, then G B F A E G D F C', () => {
    const notes = buildScale({ kind: 'major-fourths', key: 'C', lowMidi: 60, highMidi: 72 });
    expect(notes.map((n) => spelledNoteName(n).replace(/\d$/, '')).join(' ')).toBe(
      'C F D G E A F B G C G B F A E G D F C',
    );
    // Every pair a 4th apart by letters (3 letters), the top note once.
    const letter = (n: (typeof notes)[number]) => LETTERS.indexOf(n.letter) + 7 * n.octave;
    expect(letter(notes[1]) - letter(notes[0])).toBe(3);
    expect(notes.filter((n) => n.midi === 72)).toHaveLength(1);
  });

  it('brokenOrder refuses a step that does not fit', () => {
    expect(() => brokenOrder(7, 7)).toThrow(/from 1 to 6/);
  });
});
