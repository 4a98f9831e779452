import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../audio/worklet/messages';
import { offlineStream } from '../audio/offline/offline-stream';
import { loadProcessorClass, startProcessor } from '../audio/offline/worklet-harness';
import type { Damping } from '../settings';
import {
  createCentsFollower,
  DAMPING_HYSTERESIS,
  DAMPING_TIME_CONSTANT_MS,
  quantizeCents,
} from './cents-motion';
import { createDisplayFilter } from './display-filter';

/**
 * Damping on what the engine really reads of a vibrato: the real worklet and compiled engine
 * (`npm run build:engine` first) on a synthesised brass tone with the corpus's vibratos held for
 * 10 s, through the display filter and the cents follower sampled at 60 frames a second, exactly
 * as the tuner page does. Counts how often the whole-cent number changes once settled.
 */
const root = join(import.meta.dirname, '..', '..');
let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;
beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

function vibratoReadings(rate: number, hz: number, rateHz: number, depthCents: number) {
  const n = rate * 10;
  const samples = new Float32Array(n);
  const amplitudes = Array.from({ length: 8 }, (_, k) => 10 ** ((-3 * k) / 20));
  let phase = 0;
  for (let i = 0; i < n; i++) {
    phase +=
      (2 *
        Math.PI *
        hz *
        2 ** ((depthCents * Math.sin((2 * Math.PI * rateHz * i) / rate)) / 1200)) /
      rate;
    let x = 0;
    for (let k = 0; k < amplitudes.length; k++) x += amplitudes[k] * Math.sin(phase * (k + 1));
    samples[i] = x * 0.15;
  }
  const messages: FromWorkletMessage[] = [];
  const running = startProcessor(processorClass, rate, { engine, fastResponse: false }, (m) =>
    messages.push(m),
  );
  for (let at = 0; at + 128 <= n; at += 128) running.quantum(samples.subarray(at, at + 128));
  return offlineStream(messages).readings;
}

/** Whole-cent changes per second after the first 3 s, for one damping level. */
function movesPerSecond(
  readings: ReturnType<typeof vibratoReadings>,
  damping: Damping,
  hz: number,
) {
  const filter = createDisplayFilter('block', damping);
  const follower = createCentsFollower(DAMPING_TIME_CONSTANT_MS[damping]);
  let started = false;
  let shown: number | null = null;
  let moves = 0;
  let next = 0;
  for (let t = 0; t < 10000; t += 1000 / 60) {
    for (; next < readings.length && (readings[next]?.windowEndMs ?? Infinity) <= t; next++) {
      const shownHz = filter.push(readings[next]);
      if (shownHz <= 0) continue;
      const cents = 1200 * Math.log2(shownHz / hz);
      if (started) follower.setTarget(cents, t);
      else follower.jumpTo(cents, t);
      started = true;
    }
    if (!started) continue;
    const before: number | null = shown;
    shown = quantizeCents(follower.valueAt(t), shown, 1, DAMPING_HYSTERESIS[damping]);
    if (t > 3000 && before !== null && shown !== before) moves++;
  }
  return moves / 7;
}

describe('damping on the engine’s readings of a vibrato', () => {
  // The corpus's vibratos (../shared/audio/vibrato): 5 Hz ±40 ¢, 4.5 Hz ±30 ¢, 6.5 Hz ±15 ¢.
  it.each([
    [44100, 5, 40],
    [44100, 4.5, 30],
    [44100, 6.5, 15],
    [48000, 5, 40],
    [48000, 4.5, 30],
  ])(
    'at %i Hz, a %d Hz ±%d ¢ vibrato: heavy moves the cents under once a second, none ten times more',
    (rate, rateHz, depth) => {
      const hz = 783.99;
      const readings = vibratoReadings(rate, hz, rateHz, depth);
      const heavy = movesPerSecond(readings, 'heavy', hz);
      const none = movesPerSecond(readings, 'none', hz);
      expect(heavy, `heavy ${heavy.toFixed(2)}/s, none ${none.toFixed(2)}/s`).toBeLessThan(1);
      expect(none).toBeGreaterThan(10 * Math.max(heavy, 0.5));
    },
  );
});
