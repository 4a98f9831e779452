import { describe, expect, it } from 'vitest';
import {
  announcement,
  describeReading,
  formatCents,
  NO_SIGNAL,
  noPitchText,
  sameDisplay,
  SIGNAL_HYSTERESIS_DB,
  SILENCE_BELOW_DB,
  signalState,
} from './tuner-display';

const bb = { transposition: 'bb-trumpet', a4Hz: 440, inTuneCents: 5 } as const;

describe('describeReading', () => {
  it('shows concert B♭3 as written C4 on a B♭ trumpet, with the concert note beside', () => {
    const display = describeReading(233.08, bb);
    expect(display).toMatchObject({
      hasPitch: true,
      note: 'C4',
      noteAscii: 'C4',
      concertNote: 'B♭3',
      concertNoteAscii: 'Bb3',
      verdict: 'in-tune',
    });
  });

  it('spells the concert note by interval: written B♭4 on B♭ trumpet is concert A♭4, not G♯4', () => {
    // Concert A♭4 = 415.30 Hz.
    expect(describeReading(415.3, bb)).toMatchObject({
      note: 'B♭4',
      concertNote: 'A♭4',
      concertNoteAscii: 'Ab4',
    });
    expect(
      describeReading(415.3 * 2 ** (3 / 12), { ...bb, transposition: 'eb-trumpet' }),
    ).toMatchObject({ note: 'G♯4', concertNote: 'B4' });
  });

  it("spells the written note by the player's preference", () => {
    expect(describeReading(415.3, { ...bb, spelling: 'sharps' })).toMatchObject({
      note: 'A♯4',
      concertNote: 'G♯4',
    });
    expect(announcement(describeReading(415.3, bb), 'bb-trumpet', 'sharps')).toBe(
      'Written A sharp4, in tune',
    );
  });

  it('shows concert pitch unchanged in concert mode', () => {
    expect(describeReading(440, { ...bb, transposition: 'concert' })).toMatchObject({
      note: 'A4',
      concertNote: 'A4',
      cents: 0,
    });
  });

  it('reads sharp/flat beyond the band, with one-decimal signed cents', () => {
    const sharp = describeReading(440 * 2 ** (35 / 1200), { ...bb, transposition: 'concert' });
    expect(sharp).toMatchObject({ note: 'A4', cents: 35, verdict: 'sharp' });
    expect(formatCents(sharp)).toBe('+35.0');
    const flat = describeReading(440 * 2 ** (-7.04 / 1200), { ...bb, transposition: 'concert' });
    expect(formatCents(flat)).toBe('-7.0');
    expect(flat).toMatchObject({ verdict: 'flat' });
    // Whole cents, as the tuner shows them unless tenths were chosen for a steady note.
    if (!sharp.hasPitch || !flat.hasPitch) throw new Error('expected pitches');
    expect(formatCents({ ...sharp, centsDigits: 0 })).toBe('+35');
    expect(formatCents({ ...flat, cents: -7, centsDigits: 0 })).toBe('-7');
  });

  it('uses the A4 reference: 442 Hz at A4 = 442 is in tune', () => {
    expect(describeReading(442, { ...bb, transposition: 'concert', a4Hz: 442 })).toMatchObject({
      note: 'A4',
      cents: 0,
    });
  });

  it('is "no signal" for 0, NaN and Infinity, never NaN in the output', () => {
    for (const hz of [0, Number.NaN, Number.POSITIVE_INFINITY, -5]) {
      expect(describeReading(hz, bb)).toBe(NO_SIGNAL);
    }
    expect(formatCents(NO_SIGNAL)).toBe('');
  });

  it('treats displays rounding to the same text as the same (no re-render)', () => {
    const a = describeReading(440.001, { ...bb, transposition: 'concert' });
    const b = describeReading(440.002, { ...bb, transposition: 'concert' });
    expect(sameDisplay(a, b)).toBe(true);
    expect(sameDisplay(a, NO_SIGNAL)).toBe(false);
  });

  it('announces note and verdict in words', () => {
    expect(announcement(describeReading(233.08, bb), 'bb-trumpet')).toBe('Written C4, in tune');
    const flat = describeReading(466.16 * 2 ** (-12 / 1200), { ...bb, transposition: 'concert' });
    expect(announcement(flat, 'concert')).toBe('B flat4, 12 cents flat');
    expect(announcement(NO_SIGNAL, 'concert')).toBe('No signal');
  });
});

describe('signalState', () => {
  it('is "pitch" whenever a pitch is shown, whatever the level', () => {
    expect(signalState(true, -120)).toBe('pitch');
    expect(signalState(true, -20, 'silence')).toBe('pitch');
  });

  it('splits no-pitch input at the threshold: silence below, "no clear pitch" above', () => {
    expect(signalState(false, -120)).toBe('silence');
    expect(signalState(false, SILENCE_BELOW_DB - 0.1)).toBe('silence');
    expect(signalState(false, SILENCE_BELOW_DB)).toBe('no-pitch');
    expect(signalState(false, -30)).toBe('no-pitch'); // the corpus white noise
  });

  it('keeps "sound" until the level falls below the threshold minus the hysteresis', () => {
    const justUnder = SILENCE_BELOW_DB - SIGNAL_HYSTERESIS_DB / 2;
    expect(signalState(false, justUnder, 'silence')).toBe('silence');
    expect(signalState(false, justUnder, 'no-pitch')).toBe('no-pitch');
    expect(signalState(false, justUnder, 'pitch')).toBe('no-pitch');
    expect(signalState(false, SILENCE_BELOW_DB - SIGNAL_HYSTERESIS_DB - 0.1, 'no-pitch')).toBe(
      'silence',
    );
  });

  it('treats a non-finite level as silence', () => {
    for (const level of [Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]) {
      expect(signalState(false, level, 'no-pitch')).toBe('silence');
    }
  });

  it('words the two no-pitch states differently, keeping "No signal" for silence', () => {
    expect(noPitchText('silence')).toBe('No signal — play a note');
    expect(noPitchText('no-pitch')).toBe('Sound, but no clear pitch');
  });
});
