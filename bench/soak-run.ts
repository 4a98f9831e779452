/**
 * Soak (run with `npm run soak`, not part of `npm test`): 10 minutes of continuous input through
 * the real accumulator worklet and engine in simulated 128-sample quanta, in block and fast mode.
 * The input cycles through corpus files (phrase, notes, noise, silence) so every path runs. Reports
 * the JS heap (after a forced GC) and the engine's WASM memory at the start, every minute and at
 * the end: both must stay flat.
 *
 *   npm run soak [-- --minutes=10]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../src/audio/worklet/messages';
import { loadProcessorClass, startProcessor } from '../src/audio/offline/worklet-harness';
import { decodeWav, resampleLinear } from '../src/audio/offline/wav';
import { audioDir, loadEngineModule } from './latency-run';

export const processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);

const SAMPLE_RATE = 48000;
const FILES = [
  'phrase/sr48000/phrase_1.wav',
  'clean/sr44100/tpt_n069_A4_v110.wav',
  'noise/sr48000/tpt_n057_A3_white15.wav',
  'nopitch/silence_sr44100.wav',
  'vibrato/sr48000/tpt_n079_G5_vib40c.wav',
  'nopitch/pink_m40dBFS_sr44100.wav',
  'clipped/sr48000/tpt_n072_C5_plus15dB.wav',
];

function heapMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run soak does)');
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
}

export async function main(argv: string[]): Promise<void> {
  const minutesArg = argv.find((a) => a.startsWith('--minutes='));
  const minutes = minutesArg ? Number(minutesArg.slice('--minutes='.length)) : 10;
  // The input, concatenated once at the context rate: ~20 s that repeat.
  const parts = FILES.map((file) => {
    const wav = decodeWav(readFileSync(join(audioDir(), file)));
    return resampleLinear(wav.samples, wav.sampleRate, SAMPLE_RATE);
  });
  const loop = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    loop.set(part, at);
    at += part.length;
  }
  const loopQuanta = Math.floor(loop.length / 128);
  const engine = loadEngineModule();
  const totalQuanta = Math.ceil((minutes * 60 * SAMPLE_RATE) / 128);
  const quantaPerMinute = Math.ceil((60 * SAMPLE_RATE) / 128);

  // Quanta are views made up front (one per loop position): the soak itself allocates nothing
  // per quantum, so heap growth would be the processor's.
  const views = Array.from({ length: loopQuanta }, (_, q) => loop.subarray(q * 128, q * 128 + 128));

  console.log(
    `Soak: ${minutes} min of audio at ${SAMPLE_RATE} Hz (${FILES.length} corpus files on a ${(loop.length / SAMPLE_RATE).toFixed(1)} s loop), per mode`,
  );
  for (const fastResponse of [false, true]) {
    let memoryBytes = 0;
    let results = 0;
    let nanOrNegative = 0;
    const running = startProcessor(
      processorClass,
      SAMPLE_RATE,
      { engine, fastResponse },
      (m: FromWorkletMessage) => {
        if (m.type === 'ready') memoryBytes = m.memoryBytes;
        if (m.type === 'pitch') {
          results++;
          memoryBytes = m.memoryBytes;
          if (!(m.hz >= 0) || Number.isNaN(m.clarity) || Number.isNaN(m.levelDb)) nanOrNegative++;
        }
        if (m.type === 'error') throw new Error(m.message);
      },
      false,
    );
    // Warm-up: 10 s, so lazy compilation and first-use allocations are not counted as growth.
    for (let q = 0; q < (10 * SAMPLE_RATE) / 128; q++) {
      running.quantum(views[q % loopQuanta] as Float32Array);
    }
    const rows: string[] = [];
    const start = { heap: heapMb(), wasm: memoryBytes };
    rows.push(`  0 min  JS heap ${start.heap.toFixed(2)} MB  WASM ${start.wasm} B`);
    const t0 = performance.now();
    let end = { heap: start.heap, wasm: start.wasm };
    const budgetMs = (128 / SAMPLE_RATE) * 1000;
    let slowest = 0;
    let overBudget = 0;
    for (let q = 0; q < totalQuanta; q++) {
      const tq = performance.now();
      running.quantum(views[q % loopQuanta] as Float32Array);
      const ms = performance.now() - tq;
      if (ms > slowest) slowest = ms;
      if (ms > budgetMs) overBudget++;
      if ((q + 1) % quantaPerMinute === 0 || q + 1 === totalQuanta) {
        end = { heap: heapMb(), wasm: memoryBytes };
        const minute = ((q + 1) * 128) / SAMPLE_RATE / 60;
        rows.push(
          `${minute.toFixed(0).padStart(3)} min  JS heap ${end.heap.toFixed(2)} MB  WASM ${end.wasm} B`,
        );
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    running.send({ type: 'teardown' });
    console.log(
      `\n${fastResponse ? 'fast' : 'block'} mode: ${results} results, ${nanOrNegative} NaN/negative; ` +
        `slowest quantum ${slowest.toFixed(2)} ms, ${overBudget} of ${totalQuanta} over the ${budgetMs.toFixed(2)} ms budget`,
    );
    console.log(rows.join('\n'));
    console.log(
      `  start → end: JS heap ${start.heap.toFixed(2)} → ${end.heap.toFixed(2)} MB (${(end.heap - start.heap >= 0 ? '+' : '') + ((end.heap - start.heap) * 1000).toFixed(0)} kB), ` +
        `WASM ${start.wasm} → ${end.wasm} B; ${minutes} min of audio in ${seconds.toFixed(1)} s (${((minutes * 60) / seconds).toFixed(0)}x real time)`,
    );
    if (end.wasm !== start.wasm) process.exitCode = 1;
    if (nanOrNegative > 0) process.exitCode = 1;
  }
}
