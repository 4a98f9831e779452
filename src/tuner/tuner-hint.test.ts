import { describe, expect, it } from 'vitest';
import {
  fingeringFor,
  fourthValveFor,
  INSTRUMENT_IDS,
  midiOf,
  noteLean,
  parseSpelledNote,
  SPELLINGS,
  spelledToMidi,
  tendencyLine,
  writtenMidiToHz,
  writtenToConcertMidi,
} from '../music';
import { describeReading } from './tuner-display';
import { fingeringNote, hintLine } from './tuner-hint';

const IN_TUNE = 10;

/**
 * Issue 22 rows 2 and 3: the tuner's line under the note, for every instrument and every written
 * note F♯2–C6 with a fingering, read 30 ¢ sharp, 30 ¢ flat and in tune. The tendency is stated
 * always; the fix only when the reading leans the way the note tends (or, on 1-3 / 1-2-3 above
 * the pedals, flat: the 3rd slide may be out). A sharp reading never hears "faster air", a flat
 * one never "relax".
 */
describe('tuner line: every instrument × written F♯2–C6 × sharp / flat / in tune', () => {
  for (const instrument of INSTRUMENT_IDS) {
    it(instrument, () => {
      let checked = 0;
      for (let shown = midiOf('F♯2'); shown <= midiOf('C6'); shown++) {
        const fingered = fingeringNote(shown, instrument);
        const chart = fingeringFor(fingered.writtenMidi);
        if (!chart.hasFingering) continue;
        const tendency = tendencyLine(fingered.writtenMidi, chart.primary);
        const lean = noteLean(fingered.writtenMidi, chart.primary);
        const slide =
          (chart.primary === '13' || chart.primary === '123') && fingered.writtenMidi >= 54;
        for (const cents of [30, -30, 4]) {
          const hz = writtenMidiToHz(shown, instrument, 440) * 2 ** (cents / 1200);
          const display = describeReading(hz, {
            transposition: instrument,
            a4Hz: 440,
            inTuneCents: IN_TUNE,
          });
          if (!display.hasPitch) throw new Error('no pitch');
          expect(display.writtenMidi).toBe(shown);
          const line = hintLine(display, instrument, IN_TUNE) ?? '';
          if (fourthValveFor(fingered.writtenMidi, instrument)) {
            // A piccolo's 4th valve replaces the sharp 1-3 / 1-2-3: the partial, nothing to fix.
            expect(line).toBe(`${display.note} · ${tendency?.split(' · ')[0] ?? ''}`);
            checked++;
            continue;
          }
          const head = fingered.instrumentLabel
            ? `B♭ trumpet: written ${fingered.name}`
            : display.note;
          expect(line.startsWith(`${head} · ${tendency}`), line).toBe(true);
          const fixShown = line.length > `${head} · ${tendency}`.length;
          const leans =
            (cents > IN_TUNE && lean.lean === 'sharp') ||
            (cents < -IN_TUNE && (lean.lean === 'flat' || slide));
          expect(fixShown, `${instrument} ${line} at ${cents}`).toBe(leans);
          if (cents > 0) expect(line).not.toMatch(/faster air|push it in/);
          if (cents < 0) expect(line).not.toMatch(/relax|extend/);
          if (fingered.writtenMidi < 54) expect(line).not.toMatch(/slide/);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(3 * 30);
    });
  }

  it('the issue example: written E5 read +20 ¢ states the tendency, no "faster air"', () => {
    const hz = writtenMidiToHz(midiOf('E5'), 'bb-trumpet', 440) * 2 ** (20 / 1200);
    const display = describeReading(hz, {
      transposition: 'bb-trumpet',
      a4Hz: 440,
      inTuneCents: 10,
    });
    expect(hintLine(display, 'bb-trumpet', 10)).toBe('E5 · 5th partial · tends flat');
  });
});

describe('concert pitch shows the B♭ player’s fingering (row 3)', () => {
  it('concert A4 is fingered as written B4 on a B♭ trumpet: 2', () => {
    const fingered = fingeringNote(midiOf('A4'), 'concert');
    expect(fingered).toEqual({
      writtenMidi: midiOf('B4'),
      name: 'B4',
      instrumentLabel: 'B♭ trumpet',
    });
    const chart = fingeringFor(fingered.writtenMidi);
    expect(chart.hasFingering && chart.primary).toBe('2');
  });

  it('every concert note: the fingered note sounds it on a B♭ trumpet, a major 2nd up by letter', () => {
    for (const spelling of SPELLINGS) {
      for (let concert = midiOf('E3'); concert <= midiOf('B♭5'); concert++) {
        const fingered = fingeringNote(concert, 'concert', spelling);
        expect(writtenToConcertMidi(fingered.writtenMidi, 'bb-trumpet')).toBe(concert);
        const written = parseSpelledNote(fingered.name);
        if (!written) throw new Error(fingered.name);
        expect(spelledToMidi(written)).toBe(fingered.writtenMidi);
        expect(Math.abs(written.accidental)).toBeLessThanOrEqual(1);
      }
    }
    // Spelled by interval: concert A♭4 (flats) → B♭4, concert G♯4 (sharps) → A♯4.
    expect(fingeringNote(midiOf('A♭4'), 'concert', 'flats').name).toBe('B♭4');
    expect(fingeringNote(midiOf('G♯4'), 'concert', 'sharps').name).toBe('A♯4');
  });

  it('a transposing instrument fingers the written note itself, with no instrument label', () => {
    expect(fingeringNote(midiOf('B♭4'), 'bb-trumpet')).toEqual({
      writtenMidi: midiOf('B♭4'),
      name: 'B♭4',
      instrumentLabel: null,
    });
  });
});

describe('issue 22 (a): the piccolo’s 4th valve', () => {
  it('low G, D (4) and F♯, C♯ (2-4) on both piccolos; nothing on the other trumpets', () => {
    const names = ['F♯3', 'G3', 'C♯4', 'D4'];
    for (const instrument of INSTRUMENT_IDS) {
      const piccolo = instrument === 'bb-piccolo' || instrument === 'a-piccolo';
      for (let midi = midiOf('F♯2'); midi <= midiOf('C6'); midi++) {
        const fourth = fourthValveFor(midi, instrument);
        const chart = fingeringFor(midi);
        const expected =
          piccolo && chart.hasFingering && chart.register !== 'pedal'
            ? chart.primary === '13'
              ? '4'
              : chart.primary === '123'
                ? '2-4'
                : null
            : null;
        expect(fourth?.label ?? null, `${instrument} ${midi}`).toBe(expected);
      }
      expect(names.map((n) => fourthValveFor(midiOf(n), instrument)?.label ?? null)).toEqual(
        piccolo ? ['2-4', '4', '2-4', '4'] : [null, null, null, null],
      );
    }
  });
});
