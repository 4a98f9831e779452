import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME } from './messages';
import type { LevelDip, PitchReading } from '../stream/pitch-service-types';
import { loadProcessorClass, startProcessor } from '../offline/worklet-harness';
import { offlineStream } from '../offline/offline-stream';

/**
 * Level dips on synthetic trumpet-like tones through the real worklet and compiled engine
 * (`npm run build:engine` first), decoded by the real stream: a tongue stroke (a gap, or a dip of
 * a few dB) anywhere relative to the 4096-sample block is found, once, at the re-attack; a slur
 * (a glide with the air going) is not.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const RATE = 44100;
/** What the scoring calls a tongue stroke (`REATTACK_DIP_DB`, src/music; audio may not import it). */
const REATTACK_DIP_DB = 5;
const BLOCK = 4096;

let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;

beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

/** A few harmonics (a brass-like spectrum) with a little deterministic noise at −70 dBFS. */
function tone(
  seconds: number,
  hzAt: (t: number) => number,
  gainAt: (i: number) => number,
): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  let seed = 12345;
  for (let i = 0; i < out.length; i++) {
    phase += (2 * Math.PI * hzAt(i / RATE)) / RATE;
    seed = (seed * 1103515245 + 12345) >>> 0;
    const noise = (seed / 2 ** 32 - 0.5) * 0.001;
    const x = 0.2 * Math.sin(phase) + 0.1 * Math.sin(2 * phase) + 0.05 * Math.sin(3 * phase);
    out[i] = x * gainAt(i) + noise;
  }
  return out;
}

function stream(samples: Float32Array, fastResponse: boolean): PitchReading[] {
  const running = startProcessor(processorClass, RATE, { engine, fastResponse });
  for (let at = 0; at + 128 <= samples.length; at += 128) {
    running.quantum(samples.subarray(at, at + 128));
  }
  return offlineStream(running.messages).readings;
}

const dipsOf = (readings: PitchReading[]): LevelDip[] => readings.flatMap((r) => r.dips);
const strokes = (readings: PitchReading[]): LevelDip[] =>
  dipsOf(readings).filter((d) => d.depthDb >= REATTACK_DIP_DB);

/** Start of the dip, samples: block 10 plus `phase` (0..4095) into it. */
const dipStart = (phase: number): number => 10 * BLOCK + phase;
const PHASES = [0, 700, 2048, 3100, 4000];

describe('level dips in block mode (4096-sample windows)', () => {
  for (const gapMs of [10, 20, 30]) {
    it(`a ${gapMs} ms gap is one re-attack at its end, at every phase of the block`, () => {
      for (const phase of PHASES) {
        const from = dipStart(phase);
        const to = from + Math.round((gapMs / 1000) * RATE);
        const readings = stream(
          tone(
            1.5,
            () => 440,
            (i) => (i >= from && i < to ? 0 : 1),
          ),
          false,
        );
        const found = strokes(readings);
        expect(found, `phase ${phase}`).toHaveLength(1);
        expect(found[0].depthDb).toBeGreaterThan(30);
        // The re-attack: within a chunk or two (3-6 ms) of the gap's end.
        expect(Math.abs(found[0].attackMs - (1000 * to) / RATE), `phase ${phase}`).toBeLessThan(7);
        // The window level alone moves far less than the stroke (what block mode used to judge by).
        const levels = readings.filter((r) => r.hz > 0).map((r) => r.levelDb);
        expect(Math.max(...levels) - Math.min(...levels)).toBeLessThan(found[0].depthDb / 2);
      }
    });
  }

  for (const dipDb of [6, 9, 12]) {
    it(`a 20 ms dip of ${dipDb} dB reads about ${dipDb} dB, at every phase of the block`, () => {
      for (const phase of PHASES) {
        const from = dipStart(phase);
        const to = from + Math.round(0.02 * RATE);
        const gain = 10 ** (-dipDb / 20);
        const found = strokes(
          stream(
            tone(
              1.5,
              () => 440,
              (i) => (i >= from && i < to ? gain : 1),
            ),
            false,
          ),
        );
        expect(found, `phase ${phase}`).toHaveLength(1);
        // Up to ~1 dB deeper: the bottom's 256-sample level ripples on a harmonic-rich tone.
        expect(found[0].depthDb).toBeGreaterThan(dipDb - 0.5);
        expect(found[0].depthDb).toBeLessThan(dipDb + 1.2);
        expect(Math.abs(found[0].attackMs - (1000 * to) / RATE)).toBeLessThan(7);
      }
    });
  }

  it('a slur (the pitch glides a third in 10 ms, the air keeps going) has no dip at all', () => {
    const at = dipStart(2048) / RATE;
    const hz = (t: number): number =>
      t < at ? 440 : t > at + 0.01 ? 554.37 : 440 + ((t - at) / 0.01) * 114.37;
    for (const fastResponse of [false, true]) {
      const readings = stream(
        tone(1.5, hz, () => 1),
        fastResponse,
      );
      expect(dipsOf(readings)).toEqual([]);
      // ...and the stream did hear both notes.
      expect(readings.some((r) => Math.abs(r.hz - 554.37) < 5)).toBe(true);
    }
  });

  it('a slur that fades one note into the next (a 3 dB crossfade) is not a re-attack', () => {
    const from = dipStart(700);
    const fade = Math.round(0.02 * RATE);
    const samples = new Float32Array(Math.round(1.5 * RATE));
    const a = tone(
      1.5,
      () => 440,
      () => 1,
    );
    const b = tone(
      1.5,
      () => 554.37,
      () => 1,
    );
    for (let i = 0; i < samples.length; i++) {
      const w = i < from ? 0 : i >= from + fade ? 1 : (i - from) / fade;
      samples[i] = (1 - w) * a[i] + w * b[i];
    }
    const dips = dipsOf(stream(samples, false));
    expect(dips.every((d) => d.depthDb < REATTACK_DIP_DB)).toBe(true);
  });
});

describe('level dips in fast mode', () => {
  it('finds the same gaps as block mode, at the same times', () => {
    for (const phase of PHASES) {
      const from = dipStart(phase);
      const to = from + Math.round(0.015 * RATE);
      const signal = tone(
        1.5,
        () => 440,
        (i) => (i >= from && i < to ? 0 : 1),
      );
      const fast = strokes(stream(signal, true));
      const block = strokes(stream(signal, false));
      expect(fast).toHaveLength(1);
      expect(fast[0].attackMs).toBeCloseTo(block[0].attackMs, 6);
    }
  });
});
