import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { harmonicTone } from '../../../engine/testing/signals';
import { PEDAL_FLOOR_HZ, analysisWindow } from './analysis-window';
import { ENGINE_DEFAULTS } from './engine/pitch-engine';
import {
  ACCUMULATOR_PROCESSOR_NAME,
  type FromWorkletMessage,
  type PitchMessage,
  type ReadyMessage,
} from './messages';
import { loadProcessorClass, startProcessor } from '../offline/worklet-harness';

/**
 * Every supported rate in both modes, with and without the pedal floor: the real worklet and the
 * real compiled engine (`npm run build:engine` first) read a synthetic trumpet-like tone. Before
 * `analysisWindow`, fast mode at 88.2/96 kHz (and anything at 192 kHz) failed to start.
 */
const wasmPath = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'engine',
  'build',
  'pitch-engine.wasm',
);
let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;

beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(wasmPath));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

const RATES = [8000, 16000, 22050, 44100, 48000, 88200, 96000, 192000];
/** Pedal-like spectrum: the fundamental 13 dB below the strongest partial (corpus B♭2). */
const WEAK_FUNDAMENTAL = [0.22, 1, 0.9, 0.6, 0.45, 0.3, 0.2, 0.12];
const cents = (hz: number, refHz: number) => 1200 * Math.log2(hz / refHz);

function run(
  samples: Float32Array,
  sampleRate: number,
  fastResponse: boolean,
  minHz: number | undefined,
) {
  const messages: FromWorkletMessage[] = [];
  const running = startProcessor(processorClass, sampleRate, { engine, fastResponse, minHz }, (m) =>
    messages.push(m),
  );
  for (let at = 0; at + 128 <= samples.length; at += 128) {
    running.quantum(samples.subarray(at, at + 128));
  }
  return messages;
}

describe('worklet + engine at every supported rate', () => {
  for (const sampleRate of RATES) {
    for (const fastResponse of [false, true]) {
      for (const pedal of [false, true]) {
        const minHz = pedal ? PEDAL_FLOOR_HZ : undefined;
        // With the pedal floor, a pedal just above it; without, concert A3. Detuned off any bin.
        const f0 = pedal ? PEDAL_FLOOR_HZ * 2 ** (60 / 1200) : 220 * 2 ** (7 / 1200);
        const mode = fastResponse ? 'fast' : 'block';
        it(`${sampleRate} Hz, ${mode}, ${pedal ? 'pedal floor' : 'default floor'}: reads ${f0.toFixed(1)} Hz`, () => {
          const { frameSamples } = analysisWindow({ sampleRate, fastResponse, minHz });
          const length = Math.round(1.2 * sampleRate);
          const tone = harmonicTone(sampleRate, f0, length, {
            harmonics: pedal ? WEAK_FUNDAMENTAL : undefined,
          });
          const messages = run(tone, sampleRate, fastResponse, minHz);
          expect(messages[0]).toMatchObject({
            type: 'ready',
            sampleRate,
          } satisfies Partial<ReadyMessage>);
          const pitches = messages.filter((m): m is PitchMessage => m.type === 'pitch');
          expect(pitches.length).toBeGreaterThanOrEqual(fastResponse ? 20 : 3);
          const off = pitches
            .filter((p) => !(p.hz > 0 && Math.abs(cents(p.hz, f0)) < 5))
            .map((p) => `${p.endFrame}: ${p.hz.toFixed(2)} Hz`);
          expect(off).toEqual([]);
          // The window the worklet used is the one analysisWindow chose, and it says so.
          expect(pitches[0]?.endFrame).toBe(frameSamples);
          expect(messages[0]).toMatchObject({ windowSamples: frameSamples });
        });
      }
    }
  }

  it('reads a pedal below the default floor as no pitch, never an octave up', () => {
    for (const sampleRate of [44100, 96000]) {
      for (const fastResponse of [false, true]) {
        const f0 = 116.54; // concert B♭2, the pedal C of a B♭ trumpet
        const tone = harmonicTone(sampleRate, f0, Math.round(sampleRate), {
          harmonics: WEAK_FUNDAMENTAL,
        });
        const pitches = run(tone, sampleRate, fastResponse, ENGINE_DEFAULTS.minHz).filter(
          (m): m is PitchMessage => m.type === 'pitch',
        );
        expect(pitches.length).toBeGreaterThan(3);
        expect(pitches.filter((p) => p.hz !== 0).map((p) => p.hz)).toEqual([]);
        const withPedal = run(tone, sampleRate, fastResponse, PEDAL_FLOOR_HZ).filter(
          (m): m is PitchMessage => m.type === 'pitch',
        );
        expect(withPedal.every((p) => Math.abs(cents(p.hz, f0)) < 5)).toBe(true);
      }
    }
  });

  it('refuses a floor the largest window cannot hold, with the allowed range', () => {
    const messages = run(new Float32Array(1024), 48000, true, 1);
    expect(messages[0]).toMatchObject({ type: 'error' });
    expect(messages[0]?.type === 'error' && messages[0].message).toMatch(
      /minHz must be 5\.86\.\.2000 Hz at 48000 Hz, got 1/,
    );
  });
});
