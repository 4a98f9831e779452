/**
 * Metronome soak (`npm run soak:metronome`, not part of `npm test`, issue 24): the metronome's
 * click source (src/companion/logic/metronome-source.ts) pulled as the audio session pulls it,
 * for an hour of music per scenario, against exact ideal times (BigInt rationals: no float is
 * shared with the code under test). Reports the largest deviation (s, and in render quanta of
 * 128 frames at 48 kHz, the limit) and the JS heap after GC at the start, every 10
 * minutes of music and at the end: it must stay flat.
 *
 *   npm run soak:metronome [-- --minutes=60]
 */
import { performance } from 'node:perf_hooks';
import { meterOf } from '../src/companion/logic/meter';
import {
  createMetronomeSource,
  type MetronomeConfig,
} from '../src/companion/logic/metronome-source';

const QUANTUM_S = 128 / 48000;

function heapMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run soak:metronome does)');
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
}

/** |x − n/d| for a double x and a BigInt rational, to ~1e-18 s. */
function deviation(x: number, n: bigint, d: bigint): number {
  const micro = Math.round(x * 1e6);
  const scale = 10n ** 18n;
  const exactAtto = (n * scale) / d - BigInt(micro) * 10n ** 12n;
  return Math.abs(x - micro / 1e6 - Number(exactAtto) / 1e18);
}

interface Scenario {
  name: string;
  config: MetronomeConfig;
}

const base: MetronomeConfig = {
  bpm: 300,
  meter: meterOf(4, 4),
  subdivision: 4,
  swing: 0.5,
  accents: ['accent', 'normal', 'normal', 'normal'],
  gap: null,
  trainer: null,
};

const SCENARIOS: Scenario[] = [
  { name: '300 bpm, 4/4, sixteenths', config: base },
  { name: '30 bpm, 4/4, triplets', config: { ...base, bpm: 30, subdivision: 3 } },
  {
    name: 'speed trainer 30 → 300, +1 bpm every bar, sixteenths, gap 2+2',
    config: {
      ...base,
      gap: { playBars: 2, muteBars: 2 },
      trainer: { startBpm: 30, targetBpm: 300, stepBpm: 1, everyBars: 1, mode: 'bars' },
    },
  },
];

function run(scenario: Scenario, minutes: number): void {
  const { config } = scenario;
  const sub = BigInt(config.subdivision);
  const source = createMetronomeSource(config);
  const endS = minutes * 60;
  // The exact time of the current tempo segment's start, and its first click index.
  let segN = 0n;
  let segD = 1n;
  let segBpm = 0;
  let segFirst = 0n;
  let index = 0n;
  let worstS = 0;
  let clicks = 0;
  const heap: string[] = [`${heapMb().toFixed(2)}`];
  let nextReportS = 600;
  const t0 = performance.now();
  for (;;) {
    const click = source.next();
    if (click.offsetS > endS) break;
    if (click.bpm !== segBpm) {
      if (segBpm !== 0) {
        // The previous segment lasted (index − segFirst) subdivisions of 60/(bpm·sub) s.
        const n = 60n * (index - segFirst);
        const d = BigInt(segBpm) * sub;
        segN = segN * d + n * segD;
        segD = segD * d;
      }
      segBpm = click.bpm;
      segFirst = index;
    }
    // Ideal: the segment's start + k subdivisions at this tempo.
    const d = BigInt(segBpm) * sub;
    const k = index - segFirst;
    worstS = Math.max(worstS, deviation(click.offsetS, segN * d + 60n * k * segD, segD * d));
    index++;
    clicks++;
    if (click.offsetS >= nextReportS) {
      heap.push(heapMb().toFixed(2));
      nextReportS += 600;
    }
  }
  heap.push(heapMb().toFixed(2));
  const ms = performance.now() - t0;
  console.log(
    `${scenario.name}: ${clicks} clicks over ${minutes} min of music in ${(ms / 1000).toFixed(1)} s; ` +
      `max deviation from ideal ${worstS.toExponential(2)} s = ${(worstS / QUANTUM_S).toExponential(2)} render quanta; ` +
      `heap MB (start, every 10 min, end): ${heap.join(' → ')}`,
  );
  if (worstS > QUANTUM_S)
    throw new Error(`${scenario.name}: a click is off by more than one render quantum`);
}

export function main(argv: string[]): void {
  const arg = argv.find((a) => a.startsWith('--minutes='));
  const minutes = arg ? Number(arg.slice('--minutes='.length)) : 60;
  for (const scenario of SCENARIOS) run(scenario, minutes);
}
