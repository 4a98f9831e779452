import { describe, expect, it } from 'vitest';
import { MIN_SPAN_SEMITONES, traceRange } from './trace-range';

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
