import { describe, expect, it } from 'vitest';
import { Accumulator, type AnalysisEngine, type AnalysisResult } from './accumulator';

/** A stand-in engine that records what it was handed and answers a fixed pitch. */
function fakeEngine(frameSize = 4096, answerHz = 440) {
  const seen: { input: Float32Array; divisors: Float32Array }[] = [];
  const engine: AnalysisEngine = {
    options: { sampleRate: 48000, frameSize },
    input: new Float32Array(frameSize),
    divisors: new Float32Array(frameSize / 128),
    hz: new Float32Array(1),
    clarity: new Float32Array(1),
    pitches(length = frameSize) {
      seen.push({ input: this.input.slice(0, length), divisors: this.divisors.slice() });
      this.hz[0] = answerHz;
      this.clarity[0] = 0.9;
      return 1;
    },
    memoryBytes: () => 65536,
  };
  return { engine, seen };
}

const quantum = (f: (i: number) => number, start = 0) =>
  Float32Array.from({ length: 128 }, (_, i) => f(start + i));

describe('Accumulator', () => {
  it('normalises each 128-sample chunk by its max |x| and hands the divisors over', () => {
    const { engine, seen } = fakeEngine();
    const results: number[] = [];
    const acc = new Accumulator(engine, { fastResponse: false }, (r) => results.push(r.hz));
    for (let q = 0; q < 32; q++)
      acc.push(quantum((i) => (q + 1) * 0.01 * Math.sin(i / 5), q * 128));
    expect(seen).toHaveLength(1);
    const { input, divisors } = seen[0];
    for (let c = 0; c < 32; c++) {
      const chunk = input.subarray(c * 128, (c + 1) * 128);
      expect(Math.max(...chunk.map(Math.abs))).toBeCloseTo(1, 6);
      expect(divisors[c] * chunk[10]).toBeCloseTo((c + 1) * 0.01 * Math.sin((c * 128 + 10) / 5), 6);
    }
    expect(results).toEqual([440]);
  });

  it('keeps silent chunks at zero with a zero divisor (no division by zero, no NaN)', () => {
    const { engine, seen } = fakeEngine(4096, Number.NaN);
    let result: AnalysisResult | undefined;
    const acc = new Accumulator(engine, { fastResponse: false }, (r) => (result = { ...r }));
    for (let q = 0; q < 32; q++) acc.push(new Float32Array(128));
    expect(seen[0]?.input.every((x) => x === 0)).toBe(true);
    expect(result).toMatchObject({ hz: 0, levelDb: -120, endFrame: 4096 });
  });

  it('block mode clears after each analysis; fast mode slides by 512', () => {
    const block = fakeEngine();
    const accBlock = new Accumulator(block.engine, { fastResponse: false }, () => undefined);
    const fast = fakeEngine();
    const accFast = new Accumulator(
      fast.engine,
      { fastResponse: true, maxResultsPerSecond: 1000, fastHopSamples: 512 },
      () => undefined,
    );
    for (let q = 0; q < 64; q++) {
      const samples = quantum(() => q + 1);
      accBlock.push(samples);
      accFast.push(samples);
    }
    expect(block.seen).toHaveLength(2);
    expect(fast.seen).toHaveLength(1 + (64 - 32) / 4);
    // The second fast window starts one hop (4 chunks) later: chunk values 5..36.
    expect(Array.from(fast.seen[1]?.divisors ?? []).slice(0, 2)).toEqual([5, 6]);
    expect(block.seen[1]?.divisors[0]).toBe(33);
  });

  it('reports the RMS level in dBFS', () => {
    const { engine } = fakeEngine();
    let levelDb = 0;
    const acc = new Accumulator(engine, { fastResponse: false }, (r) => (levelDb = r.levelDb));
    for (let q = 0; q < 32; q++) acc.push(quantum(() => 0.5));
    expect(levelDb).toBeCloseTo(20 * Math.log10(0.5), 5);
  });

  it('caps fast-mode results near the display rate but passes note changes at once', () => {
    const { engine } = fakeEngine();
    const ends: number[] = [];
    const acc = new Accumulator(engine, { fastResponse: true, maxResultsPerSecond: 30 }, (r) =>
      ends.push(r.endFrame),
    );
    for (let q = 0; q < 48000 / 128; q++) acc.push(quantum(() => 0.1));
    // 1 s of audio at 48 kHz: ≈ 30 results, not the 186 analyses (plus the 8 posted at once
    // while the new note is being confirmed).
    expect(ends.length).toBeGreaterThanOrEqual(28);
    expect(ends.length).toBeLessThanOrEqual(32 + 8);
  });

  it('rejects an engine frame that is not whole chunks', () => {
    const { engine } = fakeEngine(4000);
    expect(() => new Accumulator(engine, { fastResponse: false }, () => undefined)).toThrow(
      /multiple of 128/,
    );
  });
});
