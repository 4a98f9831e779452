import { describe, expect, it } from 'vitest';
import { fingeringFor, type ValveCombo } from './fingerings';
import { fixFor, noteLean, ordinal, tunerHint, type Lean } from './intonation';
import { midiOf, noteName } from './notes';

/**
 * Every written note F♯3–D6 on the B♭ trumpet as /shared/notes/trumpet.md gives it: primary
 * fingering, its partial, its tendency (null = nothing worth saying), the fix when the player is
 * sharp and when flat; then each alternate as "valves:partial:lean[:use]".
 */
const S13 = 'extend the 3rd valve slide';
const F13 = 'if your 3rd slide is out, push it in; otherwise faster air';
const S12 = '1st slide out, or finger it 3';
const RELAX = 'relax, open the aperture';
const AIR = 'faster air, hear the pitch first';

type Row = [
  note: string,
  primary: ValveCombo,
  partial: number,
  tendency: string | null,
  whenSharp: string,
  whenFlat: string,
  alternates: string[],
];

const TABLE: Row[] = [
  ['F♯3', '123', 2, '1-2-3 tends sharp', S13, F13, []],
  ['G3', '13', 2, '1-3 tends sharp', S13, F13, []],
  ['G♯3', '23', 2, null, RELAX, AIR, []],
  ['A3', '12', 2, '1-2 tends slightly sharp', S12, AIR, ['3:2:none']],
  ['B♭3', '1', 2, null, RELAX, AIR, []],
  ['B3', '2', 2, null, RELAX, AIR, []],
  ['C4', '0', 2, null, RELAX, AIR, []],
  ['C♯4', '123', 3, '1-2-3 tends sharp', S13, F13, []],
  ['D4', '13', 3, '1-3 tends sharp', S13, F13, []],
  ['E♭4', '23', 3, null, RELAX, AIR, []],
  ['E4', '12', 3, '1-2 tends slightly sharp', S12, AIR, ['3:3:none']],
  ['F4', '1', 3, null, RELAX, AIR, []],
  ['F♯4', '2', 3, null, RELAX, AIR, ['123:4:sharp:trill-only']],
  ['G4', '0', 3, null, RELAX, AIR, ['13:4:sharp:trill-only']],
  ['G♯4', '23', 4, null, RELAX, AIR, []],
  ['A4', '12', 4, '1-2 tends slightly sharp', S12, AIR, ['3:4:none']],
  ['B♭4', '1', 4, null, RELAX, AIR, ['123:5:sharp:trill-only']],
  ['B4', '2', 4, null, RELAX, AIR, ['13:5:sharp']],
  ['C5', '0', 4, null, RELAX, AIR, ['23:5:flat']],
  [
    'C♯5',
    '12',
    5,
    'tends flat',
    RELAX,
    'faster air, or try 1-2-3 with the 3rd slide out',
    ['123:6:sharp:third-slide-out', '3:5:flat'],
  ],
  ['D5', '1', 5, 'tends flat', RELAX, 'faster air, or try 1-3', ['13:6:sharp']],
  ['E♭5', '2', 5, 'tends flat', RELAX, 'faster air, or try 2-3', ['23:6:sharp']],
  ['E5', '0', 5, 'tends flat', RELAX, 'faster air, or try 1-2 or 3', ['12:6:sharp', '3:6:sharp']],
  ['F5', '1', 6, 'tends sharp', RELAX, AIR, ['13:7:unusable:seventh-partial']],
  ['F♯5', '2', 6, 'tends sharp', RELAX, AIR, ['123:8:sharp']],
  ['G5', '0', 6, 'tends sharp', RELAX, AIR, ['13:8:sharp']],
  ['G♯5', '23', 8, null, RELAX, AIR, ['1:7:unusable:seventh-partial']],
  ['A5', '12', 8, '1-2 tends slightly sharp', S12, AIR, ['3:8:none']],
  ['B♭5', '1', 8, null, RELAX, AIR, ['123:10:sharp', '0:7:unusable:seventh-partial']],
  ['B5', '2', 8, null, RELAX, AIR, ['13:10:sharp', '12:9:sharp']],
  ['C6', '0', 8, null, RELAX, AIR, ['1:9:none']],
  ['C♯6', '12', 10, 'tends flat', RELAX, AIR, []],
  ['D6', '1', 10, 'tends flat', RELAX, AIR, []],
];

describe('teacher table: every written note F♯3–D6 on B♭ trumpet (trumpet.md)', () => {
  it('covers every semitone from F♯3 to D6', () => {
    expect(TABLE.map(([note]) => midiOf(note))).toEqual(
      Array.from({ length: midiOf('D6') - midiOf('F♯3') + 1 }, (_, i) => midiOf('F♯3') + i),
    );
  });

  it.each(TABLE)(
    '%s: %s, partial %i, %s; sharp → %s; flat → %s; alternates %j',
    (note, primary, partial, tendency, whenSharp, whenFlat, alternates) => {
      const midi = midiOf(note);
      const fingering = fingeringFor(midi);
      if (!fingering.hasFingering) throw new Error(`${note} has no fingering`);
      expect(fingering.primary).toBe(primary);
      const lean = noteLean(midi, primary);
      expect(lean.partial).toBe(partial);
      expect(lean.text).toBe(tendency);
      expect(fixFor(midi, primary, 'sharp').text).toBe(whenSharp);
      expect(fixFor(midi, primary, 'flat').text).toBe(whenFlat);
      const shown = fingering.alternates.map((combo) => {
        const alt = noteLean(midi, combo);
        const use = fingering.alternateUses[combo];
        return [combo, alt.partial, alt.lean, ...(use ? [use] : [])].join(':');
      });
      expect(shown).toEqual(alternates);
      // The tuner's line states the tendency always; the fix only when the reading leans that
      // way (trumpet.md "Saying it right"), or, on 1-3 / 1-2-3, flat (the 3rd slide may be out).
      const line =
        tendency === null
          ? `${ordinal(partial)} partial`
          : `${ordinal(partial)} partial · ${tendency}`;
      expect(tunerHint(midi)).toBe(line);
      expect(tunerHint(midi, 0)).toBe(line);
      const leans: Lean = lean.lean;
      const slide = primary === '13' || primary === '123';
      expect(tunerHint(midi, 30)).toBe(leans === 'sharp' ? `${line}: ${whenSharp}` : line);
      expect(tunerHint(midi, -30)).toBe(leans === 'flat' || slide ? `${line}: ${whenFlat}` : line);
    },
  );

  it('issue 22 row 2: E5 read flat gets the fix, read sharp only the tendency; F5 flat no "relax"', () => {
    expect(`${noteName(midiOf('E5'))} · ${tunerHint(midiOf('E5'), -20)}`).toBe(
      'E5 · 5th partial · tends flat: faster air, or try 1-2 or 3',
    );
    expect(tunerHint(midiOf('E5'), 20)).toBe('5th partial · tends flat');
    expect(tunerHint(midiOf('F5'), -20)).toBe('6th partial · tends sharp');
    expect(tunerHint(midiOf('F5'), 20)).toBe('6th partial · tends sharp: relax, open the aperture');
  });

  it('never offers a trill or 7th-partial fingering as a fix, for any note either way', () => {
    for (let midi = midiOf('F♯3'); midi <= midiOf('D6'); midi++) {
      const fingering = fingeringFor(midi);
      if (!fingering.hasFingering) continue;
      for (const combo of [fingering.primary, ...fingering.alternates]) {
        for (const off of ['sharp', 'flat'] as const) {
          for (const swap of fixFor(midi, combo, off).swaps) {
            const use = fingering.alternateUses[swap.to];
            expect(use === 'trill-only' || use === 'seventh-partial', noteName(midi)).toBe(false);
            expect(noteLean(midi, swap.to).lean).not.toBe('unusable');
          }
          expect(fixFor(midi, combo, off).text).not.toMatch(/lip it up|pinch/);
        }
      }
    }
  });

  it('flags exactly the alternates on the 7th partial', () => {
    for (let midi = midiOf('F♯3'); midi <= midiOf('D6'); midi++) {
      const fingering = fingeringFor(midi);
      if (!fingering.hasFingering) continue;
      for (const combo of fingering.alternates) {
        const seventh = noteLean(midi, combo).partial === 7;
        expect(fingering.alternateUses[combo] === 'seventh-partial', noteName(midi)).toBe(seventh);
      }
    }
  });
});
