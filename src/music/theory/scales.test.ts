import { describe, expect, it } from 'vitest';
import { midiOf } from './notes';
import {
  buildScale,
  chartNote,
  longTonePyramid,
  MAJOR_KEYS,
  MINOR_KEYS,
  scaleForRange,
  spelledName,
  type ScaleKind,
} from './scales';
import { lipSlurSequence } from './lip-slurs';

const labels = (kind: ScaleKind, key: string, low: string, high: string): string[] =>
  buildScale({
    kind,
    key,
    lowMidi: midiOf(low),
    highMidi: midiOf(high),
  }).map(spelledName);

describe('scale spelling, as a teacher writes it (one octave up and down)', () => {
  it.each([
    ['major', 'C', 'C4', 'C5', 'C4 D4 E4 F4 G4 A4 B4 C5'],
    ['major', 'E♭', 'E♭4', 'E♭5', 'E♭4 F4 G4 A♭4 B♭4 C5 D5 E♭5'],
    ['major', 'F♯', 'F♯3', 'F♯4', 'F♯3 G♯3 A♯3 B3 C♯4 D♯4 E♯4 F♯4'],
    ['major', 'D♭', 'C4', 'D♭5', 'D♭4 E♭4 F4 G♭4 A♭4 B♭4 C5 D♭5'],
    ['major', 'B♭', 'B♭3', 'B♭4', 'B♭3 C4 D4 E♭4 F4 G4 A4 B♭4'],
    ['natural-minor', 'A', 'A3', 'A4', 'A3 B3 C4 D4 E4 F4 G4 A4'],
    ['natural-minor', 'C', 'C4', 'C5', 'C4 D4 E♭4 F4 G4 A♭4 B♭4 C5'],
    ['harmonic-minor', 'D', 'D4', 'D5', 'D4 E4 F4 G4 A4 B♭4 C♯5 D5'],
    ['harmonic-minor', 'G♯', 'G♯3', 'G♯4', 'G♯3 A♯3 B3 C♯4 D♯4 E4 F𝄪4 G♯4'],
  ] as const)('%s %s: %s', (kind, key, low, high, expected) => {
    const notes = labels(kind, key, low, high);
    const up = expected.split(' ');
    expect(notes).toEqual([...up, ...up.slice(0, -1).reverse()]);
  });

  it('chromatic goes up in sharps and comes down in flats', () => {
    const notes = labels('chromatic', 'C', 'C4', 'C5');
    expect(notes.slice(0, 13).join(' ')).toBe('C4 C♯4 D4 D♯4 E4 F4 F♯4 G4 G♯4 A4 A♯4 B4 C5');
    expect(notes.slice(13).join(' ')).toBe('B4 B♭4 A4 A♭4 G4 G♭4 F4 E4 E♭4 D4 D♭4 C4');
  });

  it('chromatic keeps its starting spelling at both ends (F♯3 … F♯3, B♭4 … B♭4)', () => {
    const fromFs = labels('chromatic', 'F♯', 'F♯3', 'F♯4');
    expect([fromFs[0], fromFs[12], fromFs.at(-1)]).toEqual(['F♯3', 'F♯4', 'F♯3']);
    const fromBb = labels('chromatic', 'B♭', 'B♭4', 'B♭5');
    expect([fromBb[0], fromBb[1], fromBb[12], fromBb.at(-1)]).toEqual(['B♭4', 'B4', 'B♭5', 'B♭4']);
    expect(fromBb.slice(13, 15)).toEqual(['A5', 'A♭5']);
  });

  it('uses as many whole octaves as the chosen range holds', () => {
    const notes = labels('major', 'G', 'F♯3', 'C6'); // G3..G5: two octaves
    expect(notes[0]).toBe('G3');
    expect(notes[14]).toBe('G5');
    expect(notes).toHaveLength(29);
    expect(notes.at(-1)).toBe('G3');
  });

  it('every key in every kind gives an ascending scale of 7 distinct letters per octave', () => {
    for (const [kind, keys] of [
      ['major', MAJOR_KEYS],
      ['natural-minor', MINOR_KEYS],
      ['harmonic-minor', MINOR_KEYS],
    ] as const) {
      for (const key of keys) {
        const notes = buildScale({ kind, key, lowMidi: 54, highMidi: 72 });
        const up = notes.slice(0, 8);
        expect(new Set(up.slice(0, 7).map((n) => n.letter)).size).toBe(7);
        for (let i = 1; i < up.length; i++) expect(up[i].midi).toBeGreaterThan(up[i - 1].midi);
        expect(up[7].midi - up[0].midi).toBe(12);
      }
    }
  });

  it('refuses a range narrower than an octave, naming the rule', () => {
    expect(() => buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 65 })).toThrow(
      /at least an octave/,
    );
    expect(() =>
      buildScale({ kind: 'dorian' as ScaleKind, key: 'C', lowMidi: 60, highMidi: 72 }),
    ).toThrow(/major, natural-minor, harmonic-minor, melodic-minor, jazz-melodic-minor, chromatic/);
  });
});

describe('long-tone pyramid', () => {
  it('descends chromatically from G4 to F♯3 and comes back up by default', () => {
    const notes = longTonePyramid().map(spelledName);
    expect(notes.slice(0, 14).join(' ')).toBe('G4 F♯4 F4 E4 E♭4 D4 C♯4 C4 B3 B♭3 A3 G♯3 G3 F♯3');
    expect(notes.slice(14).join(' ')).toBe('G3 G♯3 A3 B♭3 B3 C4 C♯4 D4 E♭4 E4 F4 F♯4 G4');
  });

  it('validates its bounds', () => {
    expect(() => longTonePyramid({ topMidi: 60, bottomMidi: 60 })).toThrow(/below/);
    expect(() => longTonePyramid({ topMidi: 200 })).toThrow(/42 to 96/);
  });
});

describe('note names', () => {
  it('names out-of-key notes as fingering charts do', () => {
    expect([58, 61, 63, 66, 68].map((m) => spelledName(chartNote(m)))).toEqual([
      'B♭3',
      'C♯4',
      'E♭4',
      'F♯4',
      'G♯4',
    ]);
  });
});

describe('lip slurs (harmonic series per valve combination, partials 2–6 up and down)', () => {
  const names = (combo: string, notes: ReturnType<typeof lipSlurSequence>) =>
    notes
      .filter((n) => n.combo === combo)
      .map(spelledName)
      .join(' ');

  it.each([
    ['0', 'C4 G4 C5 E5 G5 E5 C5 G4 C4'],
    ['2', 'B3 F♯4 B4 D♯5 F♯5 D♯5 B4 F♯4 B3'],
    ['1', 'B♭3 F4 B♭4 D5 F5 D5 B♭4 F4 B♭3'],
    ['12', 'A3 E4 A4 C♯5 E5 C♯5 A4 E4 A3'],
    ['23', 'A♭3 E♭4 A♭4 C5 E♭5 C5 A♭4 E♭4 A♭3'],
    ['13', 'G3 D4 G4 B4 D5 B4 G4 D4 G3'],
    ['123', 'F♯3 C♯4 F♯4 A♯4 C♯5 A♯4 F♯4 C♯4 F♯3'],
  ])('valves %s: %s', (combo, expected) => {
    expect(names(combo, lipSlurSequence())).toBe(expected);
  });

  it('walks down through the seven combinations in order', () => {
    const combos = [...new Set(lipSlurSequence().map((n) => n.combo))];
    expect(combos).toEqual(['0', '2', '1', '12', '23', '13', '123']);
  });

  it('advanced: up to the 8th partial, skipping the flat 7th', () => {
    expect(names('0', lipSlurSequence({ highestPartial: 8 }))).toBe(
      'C4 G4 C5 E5 G5 C6 G5 E5 C5 G4 C4',
    );
    expect(() => lipSlurSequence({ highestPartial: 7 as 6 })).toThrow(/6 or 8/);
  });
});

describe('melodic minor and arpeggios in every key (interval arithmetic)', () => {
  const LETTERS = 'CDEFGAB';
  /** Letters moved and semitones between consecutive notes. */
  const steps = (notes: readonly { letter: string; octave: number; midi: number }[]) =>
    notes.slice(1).map((n, i) => {
      const a = notes[i];
      const letters =
        LETTERS.indexOf(n.letter) + 7 * n.octave - (LETTERS.indexOf(a.letter) + 7 * a.octave);
      return [letters, n.midi - a.midi];
    });
  const build = (kind: ScaleKind, key: string) =>
    buildScale({ kind, key, lowMidi: 54, highMidi: 84 - 12 }).slice(0);
  const oneOctaveUp = (kind: ScaleKind, key: string, count: number) =>
    build(kind, key).slice(0, count);

  it.each(MINOR_KEYS)(
    '%s melodic minor: up with raised 6th and 7th, down as the natural minor',
    (key) => {
      const notes = buildScale({ kind: 'melodic-minor', key, lowMidi: 54, highMidi: 66 + 11 });
      const up = notes.slice(0, 8);
      expect(steps(up)).toEqual([
        [1, 2],
        [1, 1],
        [1, 2],
        [1, 2],
        [1, 2],
        [1, 2],
        [1, 1],
      ]);
      const down = notes.slice(7, 15);
      expect(steps(down)).toEqual([
        [-1, -2],
        [-1, -2],
        [-1, -1],
        [-1, -2],
        [-1, -2],
        [-1, -1],
        [-1, -2],
      ]);
    },
  );

  it.each(MAJOR_KEYS)('%s arpeggios: major 1-3-5-8, dominant 7th 1-3-5-♭7-8', (key) => {
    expect(steps(oneOctaveUp('arpeggio-major', key, 4))).toEqual([
      [2, 4],
      [2, 3],
      [3, 5],
    ]);
    expect(steps(oneOctaveUp('arpeggio-dom7', key, 5))).toEqual([
      [2, 4],
      [2, 3],
      [2, 3],
      [1, 2],
    ]);
  });

  it.each(MINOR_KEYS)('%s minor arpeggio: 1-♭3-5-8', (key) => {
    expect(steps(oneOctaveUp('arpeggio-minor', key, 4))).toEqual([
      [2, 3],
      [2, 4],
      [3, 5],
    ]);
  });

  it('spells as the key requires: B♭ dominant 7th has A♭, A melodic minor F♯ G♯ then G F', () => {
    expect(labels('arpeggio-dom7', 'B♭', 'B♭3', 'B♭4')).toEqual(
      'B♭3 D4 F4 A♭4 B♭4 A♭4 F4 D4 B♭3'.split(' '),
    );
    expect(labels('melodic-minor', 'A', 'A3', 'A4').join(' ')).toBe(
      'A3 B3 C4 D4 E4 F♯4 G♯4 A4 G4 F4 E4 D4 C4 B3 A3',
    );
  });

  it('says when the range must change: no whole octave of the key fits', () => {
    const kept = scaleForRange({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 });
    expect(kept.change).toBeNull();
    const moved = scaleForRange({ kind: 'major', key: 'D', lowMidi: 60, highMidi: 72 });
    expect(moved.change).toBe('No whole octave of D fits in C4–C5: playing D4–D5 instead.');
  });
});
