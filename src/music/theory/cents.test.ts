import { describe, expect, it } from 'vitest';
import {
  NO_PITCH,
  centsBetween,
  formatCents,
  median,
  isInTune,
  nearestNote,
  shiftHzByCents,
  tuningVerdict,
  validateInTuneCents,
} from './cents';
import { midiToHz, noteName } from './notes';

describe('centsBetween', () => {
  it.each([
    [440, 442, 7.85], // the classic "A = 442" orchestra offset
    [442, 440, -7.85],
    [440, 880, 1200],
    [440, 220, -1200],
    [440, 466.16, 99.99], // one semitone (466.16 is rounded)
    [440, 440, 0],
    [440, 415, -101.27], // baroque pitch is about a semitone low
  ])('%d Hz → %d Hz is %d cents', (fromHz, toHz, cents) => {
    expect(centsBetween(fromHz, toHz)).toBeCloseTo(cents, 2);
  });

  it.each([
    [0, 440],
    [440, 0],
    [Number.NaN, 440],
    [440, Number.POSITIVE_INFINITY],
  ])('a missing pitch (%d, %d) gives 0, never NaN', (a, b) => {
    expect(centsBetween(a, b)).toBe(0);
  });

  it('round-trips with shiftHzByCents', () => {
    for (const cents of [-1200, -50, -13.7, -0.5, 0, 2, 31.2, 700]) {
      expect(centsBetween(440, shiftHzByCents(440, cents))).toBeCloseTo(cents, 9);
    }
  });
});

describe('nearestNote', () => {
  it.each([
    [440, 440, 'A4', 0],
    [442, 440, 'A4', 7.85],
    [233.08, 440, 'B♭3', 0], // written C4 on a B♭ trumpet
    [230, 440, 'B♭3', -23.02],
    [236, 440, 'B♭3', 21.56],
    [442, 442, 'A4', 0],
    [440, 442, 'A4', -7.85],
    [164.81, 440, 'E3', 0],
    [1864.66, 440, 'B♭6', 0], // written double high C on a B♭ trumpet
  ])('%d Hz at A4 = %d Hz is %s %d cents', (hz, a4Hz, name, cents) => {
    const note = nearestNote(hz, a4Hz);
    expect(note.hasPitch).toBe(true);
    if (!note.hasPitch) return;
    expect(noteName(note.midi)).toBe(name);
    expect(note.cents).toBeCloseTo(cents, 1);
    expect(note.hz).toBe(hz);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    '%d Hz is "no pitch" data, not NaN',
    (hz) => {
      expect(nearestNote(hz)).toEqual({ hasPitch: false });
      expect(nearestNote(hz)).toBe(NO_PITCH);
    },
  );

  it('keeps cents in [−50, +50) and rebuilds the reading from note + cents', () => {
    for (let hz = 100; hz < 2000; hz *= 1.0037) {
      const note = nearestNote(hz, 442);
      if (!note.hasPitch) throw new Error('expected a pitch');
      expect(note.cents).toBeGreaterThanOrEqual(-50);
      expect(note.cents).toBeLessThan(50);
      expect(note.targetHz).toBeCloseTo(midiToHz(note.midi, 442), 9);
      expect(shiftHzByCents(note.targetHz, note.cents)).toBeCloseTo(hz, 6);
    }
  });

  it('sends an exact quarter tone to the upper note', () => {
    const note = nearestNote(midiToHz(69.5));
    expect(note.hasPitch && note.midi).toBe(70);
    expect(note.hasPitch && note.cents).toBeCloseTo(-50, 9);
  });

  it('validates the reference', () => {
    expect(() => nearestNote(440, 400)).toThrow(/between 415 and 466 Hz/);
  });
});

describe('isInTune / tuningVerdict', () => {
  it.each([
    [0, 5, true, 'in-tune'],
    [4.9, 5, true, 'in-tune'],
    [5, 5, true, 'in-tune'],
    [-5, 5, true, 'in-tune'],
    [5.1, 5, false, 'sharp'],
    [-7.85, 5, false, 'flat'],
    [7.85, 10, true, 'in-tune'],
    [-13.7, 10, false, 'flat'], // a 5th-partial note left uncorrected
  ])('%d ¢ with a ±%d ¢ band: in tune %s (%s)', (cents, band, inTune, verdict) => {
    expect(isInTune(cents, band)).toBe(inTune);
    expect(tuningVerdict(cents, band)).toBe(verdict);
  });

  it('defaults to a ±5 ¢ band', () => {
    expect(isInTune(5)).toBe(true);
    expect(isInTune(5.01)).toBe(false);
  });

  it('never calls NaN in tune', () => {
    expect(isInTune(Number.NaN)).toBe(false);
  });

  it.each([0, -1, 50.1, Number.NaN])('rejects a band of %d ¢ and names the range', (band) => {
    expect(() => validateInTuneCents(band)).toThrow(/more than 0 and at most 50 cents/);
    expect(() => isInTune(0, band)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('never shows −0 or +0: a value that rounds to 0 is "0 ¢"', () => {
    expect(formatCents(-0.4)).toBe('0 ¢');
    expect(formatCents(0.4)).toBe('0 ¢');
    expect(formatCents(-0)).toBe('0 ¢');
    expect(formatCents(-0.04, 1)).toBe('0.0 ¢');
  });
  it('signs the rest with + and a true minus', () => {
    expect(formatCents(12.4)).toBe('+12 ¢');
    expect(formatCents(-3.6)).toBe('−4 ¢');
    expect(formatCents(-3.26, 1, '')).toBe('−3.3');
    expect(formatCents(null)).toBe('—');
  });
});

describe('median', () => {
  it('takes the mean of the two middle values for an even count', () => {
    expect(median([-30, -30, 30, 30])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
