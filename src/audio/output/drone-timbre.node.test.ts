import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Accumulator } from '../worklet/accumulator';
import { analysisWindow } from '../worklet/analysis-window';
import { PitchEngine } from '../worklet/engine/pitch-engine';
import { CANCEL_TAIL_MARGIN_MS } from './drone-cancellation';
import { DRONE_RELEASE_S, DRONE_SMOOTHING_S, TIMBRE_HARMONICS } from './drone-voices';
import { mixDrone, type DroneMixOptions } from '../testing/drone-mix';
import { decodeWav } from '../offline/wav';
import {
  AUDIO_DIR,
  centsFrom as centsOff,
  hzOfMidi as hzOf,
  measuredHz,
  readEngineWasm,
} from '../testing/corpus.node';

/**
 * What the audio session plays is what the canceller removes (issue 20, issue 23 row 8): the
 * brass-like timbre (harmonics 1–3) and the drone's fade-out, through the real accumulator and the
 * compiled engine (`npm run build:engine` first), on corpus recordings (../shared/audio). Levels
 * as in `drone-canceller.node.test.ts` (−12 dB typical, 0 dB worse).
 */
const wasm = readEngineWasm();
const BB3 = hzOf(58);

interface Run {
  file: string;
  drone: number[];
  mix: Partial<DroneMixOptions>;
  fast: boolean;
  /** When the canceller is told the drone stopped, s (undefined: never; null: never told). */
  cancelUntilS?: number | null;
  from: number;
  to: number;
}

async function readings(run: Run): Promise<number[]> {
  const wav = decodeWav(readFileSync(join(AUDIO_DIR, run.file)));
  const mixed = mixDrone(wav.samples, wav.sampleRate, {
    droneHz: run.drone,
    levelDb: 0,
    sustain: [0.4, 1.4],
    ...run.mix,
  });
  const window = analysisWindow({ sampleRate: wav.sampleRate, fastResponse: run.fast, minHz: 140 });
  const engine = await PitchEngine.instantiate(wasm, {
    sampleRate: wav.sampleRate,
    frameSize: window.frameSamples,
    hop: window.frameSamples,
    minHz: 140,
  });
  const out: { timeS: number; hz: number }[] = [];
  const accumulator = new Accumulator(
    engine,
    { fastResponse: run.fast, fastHopSamples: window.hopSamples, maxResultsPerSecond: 1000 },
    (r) => out.push({ timeS: r.endFrame / wav.sampleRate, hz: r.hz }),
  );
  if (run.cancelUntilS !== null) accumulator.setDrone(run.drone);
  const clearAt =
    run.cancelUntilS === undefined || run.cancelUntilS === null
      ? Infinity
      : Math.round(run.cancelUntilS * wav.sampleRate);
  for (let at = 0; at + 128 <= mixed.length; at += 128) {
    if (at >= clearAt && at - 128 < clearAt) accumulator.setDrone([]);
    accumulator.push(mixed.subarray(at, at + 128));
  }
  engine.teardown();
  return out.filter((r) => r.timeS > run.from && r.timeS < run.to).map((r) => r.hz);
}

const onNote = (hz: number[], truthHz: number) =>
  hz.filter((h) => h > 0 && Math.abs(centsOff(h, truthHz)) < 50);

const CASES = [
  { what: 'D4 over a B♭3 drone', file: 'clean/sr48000/tpt_n062_D4.wav', drone: [BB3] },
  {
    what: 'B♭4 over the just B♭3 triad',
    file: 'clean/sr48000/tpt_n070_Bb4.wav',
    drone: [BB3, BB3 * 1.5, BB3 * 1.25],
  },
  { what: 'C5 over a C4 drone (octave)', file: 'clean/sr48000/tpt_n072_C5.wav', drone: [hzOf(60)] },
  { what: 'B♭3 = the drone B♭3', file: 'clean/sr48000/tpt_n058_Bb3.wav', drone: [BB3] },
];

describe('the brass-like drone is cancelled (harmonics 1–3)', () => {
  for (const c of CASES) {
    for (const levelDb of [-12, 0]) {
      it(`${c.what}, brass drone ${levelDb} dB: every reading on the note, median within 3 ¢`, async () => {
        const truthHz = measuredHz(c.file);
        for (const fast of [false, true]) {
          const hz = await readings({
            ...c,
            mix: { levelDb, harmonics: TIMBRE_HARMONICS.brass },
            fast,
            from: 0.6,
            to: 1.4,
          });
          expect(hz.length).toBeGreaterThan(5);
          expect(onNote(hz, truthHz)).toHaveLength(hz.length);
          const off = hz.map((h) => centsOff(h, truthHz)).sort((a, b) => a - b);
          expect(Math.abs(off[off.length >> 1])).toBeLessThan(3);
        }
      });
    }
  }

  it('control: without subtraction the brass drone at 0 dB loses the player', async () => {
    const c = CASES[0];
    const hz = await readings({
      ...c,
      mix: { harmonics: TIMBRE_HARMONICS.brass },
      fast: false,
      cancelUntilS: null,
      from: 0.6,
      to: 1.4,
    });
    expect(onNote(hz, measuredHz(c.file)).length).toBeLessThan(hz.length / 2);
  });
});

describe('the drone is cancelled through its fade-out', () => {
  // Released at 0.8 s: the app's envelope (τ = DRONE_SMOOTHING_S, silent after DRONE_RELEASE_S).
  const releaseAtS = 0.8;
  const mix = (harmonics: readonly number[]): Partial<DroneMixOptions> => ({
    levelDb: 0,
    harmonics,
    releaseAtS,
    releaseTauS: DRONE_SMOOTHING_S,
  });
  const sessionUntilS = releaseAtS + DRONE_RELEASE_S + CANCEL_TAIL_MARGIN_MS / 1000;

  for (const timbre of ['sine', 'brass'] as const) {
    it(`${timbre}: cancelled until the tail has left the window (the session), every reading on the note`, async () => {
      for (const c of CASES.slice(0, 2)) {
        const truthHz = measuredHz(c.file);
        for (const fast of [false, true]) {
          const hz = await readings({
            ...c,
            mix: mix(TIMBRE_HARMONICS[timbre]),
            fast,
            cancelUntilS: sessionUntilS,
            from: releaseAtS,
            to: 1.4,
          });
          expect(hz.length).toBeGreaterThan(3);
          expect(onNote(hz, truthHz)).toHaveLength(hz.length);
        }
      }
    });
  }

  it('control: cancelling only until the release (the old protocol) lets the tail through', async () => {
    let wrong = 0;
    let total = 0;
    for (const c of CASES.slice(0, 2)) {
      for (const fast of [false, true]) {
        const hz = await readings({
          ...c,
          mix: mix(TIMBRE_HARMONICS.sine),
          fast,
          cancelUntilS: releaseAtS,
          from: releaseAtS,
          to: 1.4,
        });
        wrong += hz.length - onNote(hz, measuredHz(c.file)).length;
        total += hz.length;
      }
    }
    console.log(`drone fade-out, old protocol: ${wrong} of ${total} readings off the note`);
    expect(wrong).toBeGreaterThan(0);
  });
});
