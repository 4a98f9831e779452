import { describe, expect, it } from 'vitest';
import {
  FINGERINGS,
  REGULAR_RANGE_WRITTEN_MIDI,
  VALVE_COMBOS,
  combosFor,
  fingeringFor,
  isValveCombo,
  valveComboLabel,
  valvesOf,
  type ValveCombo,
} from './fingerings';
import { midiOf, noteName } from './notes';

// trumpet.md "Fingerings", copied cell by cell as a teacher would read the chart.
const CHART: readonly [string, ValveCombo, ValveCombo[]][] = [
  ['F♯3', '123', []],
  ['G3', '13', []],
  ['G♯3', '23', []],
  ['A3', '12', ['3']],
  ['B♭3', '1', []],
  ['B3', '2', []],
  ['C4', '0', []],
  ['C♯4', '123', []],
  ['D4', '13', []],
  ['E♭4', '23', []],
  ['E4', '12', ['3']],
  ['F4', '1', []],
  ['F♯4', '2', ['123']],
  ['G4', '0', ['13']],
  ['G♯4', '23', []],
  ['A4', '12', ['3']],
  ['B♭4', '1', ['123']],
  ['B4', '2', ['13']],
  ['C5', '0', ['23']],
  ['C♯5', '12', ['123', '3']],
  ['D5', '1', ['13']],
  ['E♭5', '2', ['23']],
  ['E5', '0', ['12', '3']],
  ['F5', '1', ['13']],
  ['F♯5', '2', ['123']],
  ['G5', '0', ['13']],
  ['G♯5', '23', ['1']],
  ['A5', '12', ['3']],
  ['B♭5', '1', ['123', '0']],
  ['B5', '2', ['13', '12']],
  ['C6', '0', ['1']],
];

describe('fingeringFor, regular range F♯3–C6 (trumpet.md)', () => {
  it.each(CHART)('written %s: %s, alternates %j', (name, primary, alternates) => {
    const fingering = fingeringFor(midiOf(name));
    expect(fingering).toMatchObject({ hasFingering: true, primary, alternates });
  });

  it('covers every semitone of the regular range', () => {
    for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
      expect(fingeringFor(m).hasFingering, noteName(m)).toBe(true);
    }
    expect(CHART).toHaveLength(
      REGULAR_RANGE_WRITTEN_MIDI.high - REGULAR_RANGE_WRITTEN_MIDI.low + 1,
    );
  });

  it('accepts the same spellings the chart uses (G♯ = A♭, B♭ = A♯)', () => {
    expect(fingeringFor(midiOf('Ab4'))).toEqual(fingeringFor(midiOf('G#4')));
    expect(fingeringFor(midiOf('A#3'))).toMatchObject({ primary: '1' });
  });

  it.each([
    ['F♯3', 'low'],
    ['C4', 'low'],
    ['C♯4', 'middle'],
    ['C5', 'middle'],
    ['C♯5', 'upper'],
    ['C6', 'upper'],
  ])('%s is in the %s register', (name, register) => {
    expect(fingeringFor(midiOf(name))).toMatchObject({ register });
  });
});

describe('fingeringFor outside the regular range', () => {
  it.each<[string, ValveCombo]>([
    ['C♯6', '12'],
    ['D6', '1'],
    ['E♭6', '2'],
    ['E6', '0'],
    ['F6', '1'],
    ['F♯6', '2'],
    ['G6', '0'],
    ['G♯6', '23'],
    ['A6', '12'],
    ['B♭6', '1'],
    ['B6', '2'],
    ['C7', '0'], // double high C
  ])('extreme register: written %s is %s', (name, primary) => {
    expect(fingeringFor(midiOf(name))).toMatchObject({
      hasFingering: true,
      primary,
      register: 'extreme',
    });
  });

  it.each<[string, ValveCombo]>([
    ['C3', '0'],
    ['B2', '2'],
    ['B♭2', '1'],
    ['A2', '12'],
    ['G♯2', '23'],
    ['G2', '13'],
    ['F♯2', '123'],
  ])('pedal tone written %s is %s', (name, primary) => {
    expect(fingeringFor(midiOf(name))).toMatchObject({ primary, register: 'pedal' });
  });

  it.each([
    ['F3', 'false-tone'],
    ['C♯3', 'false-tone'],
    ['F2', 'below-pedal'],
    ['C♯7', 'above-range'],
    ['C8', 'above-range'],
  ])('written %s has no standard fingering (%s)', (name, reason) => {
    const midi = midiOf(name);
    expect(fingeringFor(midi)).toEqual({ hasFingering: false, writtenMidi: midi, reason });
    expect(combosFor(midi)).toEqual([]);
  });

  it('rejects fractional notes', () => {
    expect(() => fingeringFor(60.5)).toThrow(/integer/);
  });
});

describe('valve combinations', () => {
  it.each<[ValveCombo, number[], string]>([
    ['0', [], 'open'],
    ['2', [2], '2'],
    ['13', [1, 3], '1-3'],
    ['123', [1, 2, 3], '1-2-3'],
  ])('%s presses %j and reads "%s"', (combo, valves, label) => {
    expect(valvesOf(combo)).toEqual(valves);
    expect(valveComboLabel(combo)).toBe(label);
  });

  it('knows exactly the eight combinations', () => {
    expect(new Set(VALVE_COMBOS).size).toBe(8);
    expect(isValveCombo('31')).toBe(false);
    expect(isValveCombo('23')).toBe(true);
  });

  it('lists primary then alternates', () => {
    expect(combosFor(midiOf('B♭5'))).toEqual(['1', '123', '0']);
  });

  it('keeps the chart sorted and free of duplicates', () => {
    const midis = FINGERINGS.map((f) => f.writtenMidi);
    expect(midis).toEqual([...midis].sort((a, b) => a - b));
    expect(new Set(midis).size).toBe(midis.length);
    for (const f of FINGERINGS) expect(f.alternates).not.toContain(f.primary);
  });
});
