import { describe, expect, it } from 'vitest';
import { toTakeClock } from './take-timeline';

const reading = (timeMs: number): number[] => [timeMs, 440, 0.9, -20, 440];

describe("a take's readings and notes on its own clock", () => {
  it.each([
    { name: 'after the origin', t0: 1000, times: [1000, 1012.34, 2000], expected: [0, 12.3, 1000] },
    { name: 'before the origin: dropped', t0: 1012.5, times: [1000, 1012, 1100], expected: [87.5] },
    { name: 'a measured origin between frames', t0: 999.97, times: [1000], expected: [0] },
  ])('readings $name', ({ t0, times, expected }) => {
    const { readings } = toTakeClock(times.flatMap(reading), [], t0);
    expect(readings.filter((_, i) => i % 5 === 0)).toEqual(expected);
    expect(readings.length).toBe(expected.length * 5);
  });

  it.each([
    { name: 'inside the take', note: { onsetMs: 1050, offsetMs: 1190 }, expected: [37.5, 177.5] },
    {
      name: 'begun before it: from 0',
      note: { onsetMs: 900, offsetMs: 1100 },
      expected: [0, 87.5],
    },
    {
      name: 'sounding from before (−∞)',
      note: { onsetMs: -Infinity, offsetMs: 1500 },
      expected: [0, 487.5],
    },
  ])('a note $name', ({ note, expected }) => {
    const { notes } = toTakeClock([], [{ ...note, hz: 440 }], 1012.5);
    expect([notes[0]?.onsetMs, notes[0]?.offsetMs]).toEqual(expected);
  });
});
