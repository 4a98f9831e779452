import { describe, expect, it } from 'vitest';
import { calibrateLatency, pairOnsetsWithClicks } from './latency-calibration';

/** Clicks every 600 ms from 1000 ms. */
const clicks = (n: number): number[] => Array.from({ length: n }, (_, i) => 1000 + 600 * i);
/** An onset `delaysMs[i]` after click i (null: no note on it). */
const onsets = (delaysMs: (number | null)[]): number[] =>
  delaysMs.flatMap((d, i) => (d === null ? [] : [1000 + 600 * i + d]));

describe('pairing onsets with clicks', () => {
  it.each([
    { name: 'one note on each click', delays: [40, 42, 38, 41], expected: [40, 42, 38, 41] },
    { name: 'early notes count', delays: [-20, -35, 10, 0], expected: [-20, -35, 10, 0] },
    {
      name: 'a click without a note is left out',
      delays: [40, null, 44, 39],
      expected: [40, 44, 39],
    },
    { name: 'a note past the window is no note', delays: [40, 351, 44], expected: [40, 44] },
    { name: 'a note before the window is no note', delays: [-151, 42], expected: [42] },
  ])('$name', ({ delays, expected }) => {
    expect(pairOnsetsWithClicks(clicks(delays.length), onsets(delays))).toEqual(expected);
  });

  it('gives each onset to one click only (the first in whose window it falls)', () => {
    // Clicks 200 ms apart: an onset 150 ms after the first is also 50 ms before the second.
    expect(pairOnsetsWithClicks([0, 200], [150])).toEqual([150]);
    expect(pairOnsetsWithClicks([0, 200], [150, 210])).toEqual([150, 10]);
  });

  it('takes the first of two onsets near one click (a re-attack), the next click its own', () => {
    expect(pairOnsetsWithClicks([0, 600], [30, 90, 640])).toEqual([30, 40]);
  });

  it('refuses a window that is not one, naming the values', () => {
    expect(() => pairOnsetsWithClicks([0], [0], { earlyMs: -1 })).toThrow(/earlyMs.*-1/);
  });
});

describe('calibrating the latency', () => {
  it.each([
    // name, delays after each click, calibration applied while playing, new calibration
    { name: 'a 48 ms microphone', delays: [47, 49, 48, 50, 46, 48], current: 0, expected: 48 },
    {
      name: 'one late note does not move the median',
      delays: [30, 31, 29, 120, 30],
      current: 0,
      expected: 30,
    },
    { name: 'on top of the calibration in use', delays: [5, 6, 4, 5], current: 40, expected: 45 },
    {
      name: 'an over-correction comes back',
      delays: [-12, -10, -11, -9],
      current: 60,
      expected: 49.5,
    },
  ])('$name → $expected ms', ({ delays, current, expected }) => {
    const result = calibrateLatency(clicks(delays.length), onsets(delays), current);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.latencyMs).toBeCloseTo(expected, 6);
  });

  it.each([
    { name: 'too few notes', delays: [40, null, null, 41, null, null], reason: /2 of 6 clicks/ },
    { name: 'notes all over the beat', delays: [0, 100, -100, 200, 50, -90], reason: /apart/ },
    {
      name: 'far outside any latency',
      delays: [300, 301, 299, 300],
      current: 250,
      reason: /outside/,
    },
  ])('refuses $name, saying why', ({ delays, current, reason }) => {
    const result = calibrateLatency(clicks(delays.length), onsets(delays), current ?? 0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
