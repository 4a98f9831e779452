import { describe, expect, it } from 'vitest';
import { FINGERINGS, VALVE_COMBOS, type ValveCombo } from './fingerings';
import { midiOf, noteName } from './notes';
import {
  MAX_PARTIAL,
  VALVE_TENDENCIES,
  allPartialsOf,
  harmonicSeries,
  intonationTendency,
  partialDeviationCents,
  partialsOf,
} from './partials';

// trumpet.md "Harmonic series per valve combination", partials 2–8, written pitch.
const SERIES: readonly [ValveCombo, string[]][] = [
  ['0', ['C4', 'G4', 'C5', 'E5', 'G5', 'B♭5', 'C6']],
  ['2', ['B3', 'F♯4', 'B4', 'D♯5', 'F♯5', 'A5', 'B5']],
  ['1', ['B♭3', 'F4', 'B♭4', 'D5', 'F5', 'A♭5', 'B♭5']],
  ['12', ['A3', 'E4', 'A4', 'C♯5', 'E5', 'G5', 'A5']],
  ['3', ['A3', 'E4', 'A4', 'C♯5', 'E5', 'G5', 'A5']],
  ['23', ['A♭3', 'E♭4', 'A♭4', 'C5', 'E♭5', 'G♭5', 'A♭5']],
  ['13', ['G3', 'D4', 'G4', 'B4', 'D5', 'F5', 'G5']],
  ['123', ['F♯3', 'C♯4', 'F♯4', 'A♯4', 'C♯5', 'E5', 'F♯5']],
];

describe('harmonicSeries (trumpet.md table)', () => {
  it.each(SERIES)('valves %s: partials 2–8 are %j', (combo, names) => {
    const series = harmonicSeries(combo);
    expect(series.map((p) => p.partial)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(series.map((p) => p.writtenMidi)).toEqual(names.map(midiOf));
  });

  it('marks the 7th partial unusable and the regular ones usable', () => {
    const usable = harmonicSeries('0').map((p) => [p.partial, p.usable]);
    expect(usable).toEqual([
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, true],
      [7, false],
      [8, true],
    ]);
  });

  it('extends to the pedal fundamental and the 16th partial (written C7 open)', () => {
    const series = harmonicSeries('0', { lowestPartial: 1, highestPartial: 16 });
    expect(noteName(series[0].writtenMidi)).toBe('C3');
    expect(noteName(series[15].writtenMidi)).toBe('C7');
    expect(series.filter((p) => !p.usable).map((p) => p.partial)).toEqual([7, 11, 13, 14]);
  });

  it.each([
    [{ lowestPartial: 0 }, /from 1 to 16/],
    [{ highestPartial: 17 }, /from 1 to 16/],
    [{ lowestPartial: 2.5 }, /integer/],
    [{ lowestPartial: 8, highestPartial: 2 }, /must not exceed/],
  ])('rejects %j', (range, message) => {
    expect(() => harmonicSeries('0', range)).toThrow(message);
  });
});

describe('partialDeviationCents (pure ratios vs equal temperament)', () => {
  it.each([
    [2, 0],
    [3, 2.0],
    [4, 0],
    [5, -13.7],
    [6, 2.0],
    [7, -31.2],
    [8, 0],
    [9, 3.9],
    [10, -13.7],
    [15, -11.7],
    [16, 0],
  ])('partial %d deviates %d ¢', (partial, cents) => {
    expect(partialDeviationCents(partial)).toBeCloseTo(cents, 1);
  });

  it('is the same one octave up (partial 2n vs n)', () => {
    for (let n = 1; n * 2 <= MAX_PARTIAL; n++) {
      expect(partialDeviationCents(2 * n)).toBeCloseTo(partialDeviationCents(n), 9);
    }
  });
});

describe('partialsOf', () => {
  it.each<[string, ValveCombo, number, number]>([
    ['E5', '0', 5, -13.7], // the famous flat top-space E
    ['D5', '1', 5, -13.7], // 4th-line D with 1
    ['E♭5', '2', 5, -13.7],
    ['C♯5', '12', 5, -13.7],
    ['G4', '0', 3, 2.0],
    ['G5', '0', 6, 2.0],
    ['B♭5', '0', 7, -31.2], // the alternate for high B♭ is the flat 7th partial
    ['C4', '0', 2, 0],
    ['G3', '13', 2, 0],
    ['C3', '0', 1, 0], // pedal C
  ])('written %s with %s is partial %d (%d ¢)', (name, combo, partial, cents) => {
    const partials = partialsOf(midiOf(name), combo);
    expect(partials.map((p) => p.partial)).toEqual([partial]);
    expect(partials[0].deviationCents).toBeCloseTo(cents, 1);
  });

  it('returns nothing for a note outside the series', () => {
    expect(partialsOf(midiOf('F4'), '0')).toEqual([]);
  });

  it('lists every way to play written E5', () => {
    const ways = allPartialsOf(midiOf('E5')).map((p) => [p.combo, p.partial]);
    expect(ways).toEqual([
      ['0', 5],
      ['12', 6],
      ['3', 6],
      ['123', 7],
    ]);
  });

  it('puts every chart fingering on a partial of its combination', () => {
    for (const f of FINGERINGS) {
      for (const combo of [f.primary, ...f.alternates]) {
        expect(
          partialsOf(f.writtenMidi, combo),
          `${noteName(f.writtenMidi)} ${combo}`,
        ).toHaveLength(1);
      }
      // Primary fingerings are never on an out-of-tune partial.
      expect(partialsOf(f.writtenMidi, f.primary)[0].usable, noteName(f.writtenMidi)).toBe(true);
    }
  });
});

describe('valve and note tendencies', () => {
  it.each<[ValveCombo, string, string[]]>([
    ['13', 'sharp', ['extend-third-slide']],
    ['123', 'sharp', ['extend-third-slide']],
    ['12', 'slightly-sharp', ['extend-first-slide', 'use-third-valve']],
    ['0', 'neutral', []],
    ['1', 'neutral', []],
    ['2', 'neutral', []],
    ['3', 'neutral', []],
    ['23', 'neutral', []],
  ])('valves %s: %s, remedies %j', (combo, tuning, remedies) => {
    expect(VALVE_TENDENCIES[combo]).toMatchObject({ combo, tuning, remedies });
  });

  it('covers every combination', () => {
    expect(Object.keys(VALVE_TENDENCIES).sort()).toEqual([...VALVE_COMBOS].sort());
  });

  it.each<[string, ValveCombo, number, string]>([
    ['D4', '13', 3, 'sharp'], // low D: extend the 3rd slide
    ['C♯4', '123', 3, 'sharp'],
    ['F♯3', '123', 2, 'sharp'],
    ['G3', '13', 2, 'sharp'],
    ['A4', '12', 4, 'slightly-sharp'],
    ['E5', '0', 5, 'neutral'],
  ])('written %s (primary %s): partial %d, valves %s', (name, combo, partial, tuning) => {
    const t = intonationTendency(midiOf(name));
    expect(t?.combo).toBe(combo);
    expect(t?.partial?.partial).toBe(partial);
    expect(t?.valve.tuning).toBe(tuning);
  });

  it('gives the 5th-partial flatness for written E5 open', () => {
    expect(intonationTendency(midiOf('E5'))?.partialDeviationCents).toBeCloseTo(-13.7, 1);
  });

  it('uses a chosen alternate', () => {
    const t = intonationTendency(midiOf('E5'), '12');
    expect(t?.partial?.partial).toBe(6);
    expect(t?.valve.tuning).toBe('slightly-sharp');
  });

  it('is null for a note with no standard fingering, and partial-less for a foreign combo', () => {
    expect(intonationTendency(midiOf('F3'))).toBeNull();
    expect(intonationTendency(midiOf('F4'), '0')).toMatchObject({
      partial: null,
      partialDeviationCents: 0,
    });
  });
});
