import { describe, expect, it } from 'vitest';
import { createTailGate, TAIL_DROP_DB } from './tail-gate';

const B5 = 987.77;
const G3 = 196.0;
const D6 = 1174.66;
const Fs3 = 185.0;
const A4 = 440;

/** Readings 93 ms apart (4096 samples at 44.1 kHz), each [hz (0 = none), levelDb]. */
function run(readings: readonly [number, number][]): boolean[] {
  const gate = createTailGate();
  return readings.map(([hz, levelDb], i) =>
    gate.shows({ hz, noteHz: hz, levelDb, timeMs: 1000 + 93 * i }),
  );
}
const note = (hz: number, db: number, n: number): [number, number][] =>
  Array.from({ length: n }, () => [hz, db]);
const quiet = (db: number, n: number): [number, number][] =>
  Array.from({ length: n }, () => [0, db]);

describe('the tail gate: the room ringing after a note is not a note (issue 23 row 5)', () => {
  it.each([
    ['G3 in the tail of B5', B5, G3],
    ['F♯3 in the tail of D6', D6, Fs3],
  ])('%s (at −46 to −50 dBFS after a note at −18) is not shown', (_, played, tail) => {
    const shown = run([
      ...quiet(-72, 10),
      ...note(played, -18, 15),
      [0, -40],
      [tail, -46],
      [tail, -48],
      [tail, -50],
      [0, -55],
    ]);
    expect(shown.slice(10, 25).every(Boolean)).toBe(true);
    expect(shown.slice(26, 29)).toEqual([false, false, false]);
  });

  it('the same note ringing on is still that note', () => {
    const shown = run([...quiet(-72, 5), ...note(A4, -18, 10), ...note(A4, -45, 3)]);
    expect(shown.every(Boolean)).toBe(true);
  });

  it('once the room is quiet again, a soft note counts (a new phrase, pianissimo)', () => {
    const shown = run([
      ...quiet(-72, 5),
      ...note(B5, -18, 10),
      ...quiet(-70, 4),
      ...note(G3, -50, 5),
    ]);
    expect(shown.slice(-5)).toEqual([true, true, true, true, true]);
  });

  it('a slurred next note somewhat softer is a note', () => {
    const drop = TAIL_DROP_DB - 6;
    const shown = run([...quiet(-72, 5), ...note(B5, -18, 10), ...note(G3, -18 - drop, 5)]);
    expect(shown.every(Boolean)).toBe(true);
  });

  it('in a noisy room (floor −40 dBFS) the gate still lets the next note in once the tail is over', () => {
    const shown = run([
      ...quiet(-40, 20),
      ...note(B5, -12, 10),
      ...quiet(-38, 6),
      ...note(G3, -30, 5),
    ]);
    expect(shown.slice(-5)).toEqual([true, true, true, true, true]);
  });

  it('a fading phrase: the peak follows it down, so its later notes still show', () => {
    // A4 held while fading from −18 to −40 over 4 s, then G3 at −42.
    const fading: [number, number][] = Array.from({ length: 43 }, (_, i) => [A4, -18 - i * 0.5]);
    const shown = run([...quiet(-72, 5), ...fading, ...note(G3, -42, 5)]);
    expect(shown.every(Boolean)).toBe(true);
  });
});
