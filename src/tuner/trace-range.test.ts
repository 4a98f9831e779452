import { describe, expect, it } from 'vitest';
import { MIN_SPAN_SEMITONES, isIsolatedReading, MAX_LABELS, traceRange } from './trace-range';

describe('traceRange (the pitch trace follows the notes of the last 10 s)', () => {
  it('a phrase from A3 to C5 is shown whole, with a semitone of margin', () => {
    expect(traceRange([57, 60.1, Number.NaN, 64, 67, 72.2])).toEqual({
      low: 56,
      high: 73,
      labelStep: 2,
    });
  });

  it('a held note keeps its neighbours in view', () => {
    const range = traceRange([69.05, 68.9, 69.1]);
    expect(range.high - range.low).toBe(MIN_SPAN_SEMITONES);
    expect(range.low).toBeLessThan(69);
    expect(range.high).toBeGreaterThan(69);
    expect(range.labelStep).toBe(1);
  });

  it('no pitch at all: around the fallback note', () => {
    expect(traceRange([Number.NaN])).toEqual({ low: 56, high: 64, labelStep: 1 });
  });
});

describe('labels and strays (issue 23 row 5)', () => {
  it.each([8, 12, 20, 32, 40])('a %i-semitone phrase: at most MAX_LABELS labels', (span) => {
    const range = traceRange([55, 55 + span]);
    const labelled = Math.floor((range.high - range.low) / range.labelStep) + 1;
    expect(labelled).toBeLessThanOrEqual(MAX_LABELS);
  });

  it.each([
    // before, reading, after, isolated
    [Number.NaN, 87, Number.NaN, true], // a lone reading in silence
    [67, 87, 67, true], // a flash far from the held note
    [67, 55, Number.NaN, true], // a tail reading after the note
    [67, 67.4, 67, false], // the held note
    [Number.NaN, 67, 67.2, false], // a note's first reading
    [67, 68, Number.NaN, false], // a slur's last reading a semitone up
    [67, Number.NaN, 67, false], // no pitch is never a stray
  ])('%d, %d, %d: isolated %s', (before, midi, after, isolated) => {
    expect(isIsolatedReading(before, midi, after)).toBe(isolated);
  });
});
