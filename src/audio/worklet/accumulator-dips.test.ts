import { describe, expect, it } from 'vitest';
import { LevelDipFinder, MAX_DIPS_PER_RESULT } from './accumulator-dips';

const RATE = 48000;
const CHUNK = 128;
const chunkMs = (1000 * CHUNK) / RATE;

/**
 * Feeds the finder a level envelope: `levelDbAt(tMs)` for each 128-sample chunk (a steady mean
 * square per chunk, as a flat-topped tone gives), and returns every dip as [attack ms, depth dB].
 */
function dipsOf(
  finder: LevelDipFinder,
  ms: number,
  levelDbAt: (tMs: number) => number,
): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k * chunkMs < ms; k++) {
    const db = levelDbAt(k * chunkMs);
    const sumSquares = Number.isFinite(db) ? CHUNK * 10 ** (db / 10) : 0;
    finder.push(sumSquares, CHUNK, (k + 1) * CHUNK);
    const found = finder.found;
    for (let i = 0; i < found.count; i++) {
      out.push([(1000 * found.attackFrames[i]) / RATE, found.depthsDb[i]]);
    }
    finder.take();
  }
  return out;
}

describe('LevelDipFinder', () => {
  it('rejects a sample rate outside 8000..192000 Hz, naming the range', () => {
    expect(() => new LevelDipFinder(4000)).toThrow(/8000\.\.192000 Hz, got 4000/);
  });

  it('a steady level has no dips; a 6 dB, 20 ms dip is one, at its end', () => {
    expect(dipsOf(new LevelDipFinder(RATE), 1000, () => -20)).toEqual([]);
    const dips = dipsOf(new LevelDipFinder(RATE), 1000, (t) => (t >= 500 && t < 520 ? -26 : -20));
    expect(dips).toHaveLength(1);
    expect(dips[0][1]).toBeCloseTo(6, 5);
    expect(Math.abs(dips[0][0] - 520)).toBeLessThan(2 * chunkMs);
  });

  it('depth is measured below the quieter side (a slur to a softer note is no dip)', () => {
    const step = dipsOf(new LevelDipFinder(RATE), 1000, (t) => (t < 500 ? -20 : -30));
    expect(step).toEqual([]);
    const dip = dipsOf(new LevelDipFinder(RATE), 1000, (t) =>
      t < 500 ? -20 : t < 515 ? -40 : -30,
    );
    expect(dip[0][1]).toBeCloseTo(10, 5);
  });

  it('a silence longer than the recovery reach is a note end, not a dip', () => {
    expect(
      dipsOf(new LevelDipFinder(RATE), 1500, (t) => (t >= 500 && t < 700 ? -Infinity : -20)),
    ).toEqual([]);
  });

  it('keeps the deepest dips when results are held back, and forgets them on clear()', () => {
    const finder = new LevelDipFinder(RATE);
    // Dips every 150 ms, 3..8 dB, never taken.
    const depthAt = (t: number): number => (t % 150 < 10 && t > 100 ? 3 + Math.floor(t / 150) : 0);
    for (let k = 0; k * chunkMs < 1200; k++) {
      const db = -20 - depthAt(k * chunkMs);
      finder.push(CHUNK * 10 ** (db / 10), CHUNK, (k + 1) * CHUNK);
    }
    const { count, depthsDb } = finder.found;
    expect(count).toBe(MAX_DIPS_PER_RESULT);
    expect([...depthsDb].map(Math.round).sort((a, b) => a - b)).toEqual([7, 8, 9, 10]);
    finder.clear();
    expect(finder.found.count).toBe(0);
  });
});
