import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accumulator } from './accumulator';
import { analysisWindow } from './analysis-window';
import { PitchEngine } from './engine/pitch-engine';
import { ACCUMULATOR_PROCESSOR_NAME, MSG_DRONE, type PitchMessage } from './messages';
import { mixDrone } from '../testing/drone-mix';
import { decodeWav } from '../offline/wav';
import {
  AUDIO_DIR,
  centsFrom as centsOff,
  hzOfMidi as hzOf,
  measuredHz,
  readEngineWasm,
} from '../testing/corpus.node';
import { loadProcessorClass, startProcessor } from '../offline/worklet-harness';

/**
 * The player's note with the app's drone mixed in, as a phone's microphone hears its own speaker:
 * corpus recordings (../shared/audio) + the drone's sines (with a −20 dB 2nd harmonic for the small
 * speaker's distortion), through the real accumulator and the compiled engine (`npm run
 * build:engine` first).
 *
 * Level (drone RMS relative to the trumpet's at the microphone), estimated from quoted figures,
 * not measured: a phone speaker at full volume gives roughly 75–80 dB SPL at 1 m, so about
 * 95–100 dB a few cm from it, where the phone's own microphone sits; the drone plays at 0.2 of
 * full scale (−14 dB) and a phone speaker is 10–20 dB weaker at 200–300 Hz than at its 1–3 kHz
 * peak, which leaves ~70–80 dB SPL of drone at the microphone; a trumpet played mezzo-forte gives
 * ~85–95 dB SPL at 1 m. Typical: −12 dB. Worse: 0 dB (drone as loud as the trumpet: volume up,
 * player soft or far away). Worst tested: +6 dB.
 */
const wasm = readEngineWasm();

/** Concert B♭3, the drone of written C4 on a B♭ trumpet. */
const BB3 = hzOf(58);
const LEVELS_DB = [-12, 0, 6];

interface Case {
  what: string;
  file: string;
  drone: number[];
}

/** Player note ≠ drone note (incl. an octave above its root), and = the drone's root. */
const CASES: Case[] = [
  { what: 'D4 over a B♭3 drone (the 3rd)', file: 'clean/sr48000/tpt_n062_D4.wav', drone: [BB3] },
  {
    what: 'C4 over B♭3 + F4 (root and 5th)',
    file: 'clean/sr48000/tpt_n060_C4.wav',
    drone: [BB3, BB3 * 1.5],
  },
  {
    what: 'B♭4 over the just B♭3 triad (octave of the root)',
    file: 'clean/sr48000/tpt_n070_Bb4.wav',
    drone: [BB3, BB3 * 1.5, BB3 * 1.25],
  },
  { what: 'C5 over a C4 drone (octave)', file: 'clean/sr48000/tpt_n072_C5.wav', drone: [hzOf(60)] },
  {
    what: 'F♯4 over the just D4 triad (the 3rd)',
    file: 'clean/sr48000/tpt_n066_Fs4.wav',
    drone: [hzOf(62), hzOf(62) * 1.5, hzOf(62) * 1.25],
  },
  {
    what: 'D4 (equal) against the triad’s just 3rd D4, 13.7 ¢ apart',
    file: 'clean/sr48000/tpt_n062_D4.wav',
    drone: [BB3, BB3 * 1.5, BB3 * 1.25],
  },
  { what: 'B♭3 = the drone B♭3', file: 'clean/sr48000/tpt_n058_Bb3.wav', drone: [BB3] },
  {
    what: 'B♭3 = the root of the B♭3 triad',
    file: 'clean/sr48000/tpt_n058_Bb3.wav',
    drone: [BB3, BB3 * 1.5, BB3 * 1.25],
  },
  { what: 'C4 = the drone C4', file: 'clean/sr48000/tpt_n060_C4.wav', drone: [hzOf(60)] },
  { what: 'A4 = the drone A4, 44.1 kHz', file: 'clean/sr44100/tpt_n069_A4_v110.wav', drone: [440] },
];

/** Readings over the note's steady middle (0.6–1.4 s) with the drone mixed in. */
async function readings(
  c: Case,
  levelDb: number,
  fastResponse: boolean,
  cancel: boolean,
  distortion: { secondHarmonicDb?: number; thirdHarmonicDb?: number } = {},
) {
  const wav = decodeWav(readFileSync(join(AUDIO_DIR, c.file)));
  const mixed = mixDrone(wav.samples, wav.sampleRate, {
    droneHz: c.drone,
    levelDb,
    sustain: [0.4, 1.4],
    ...distortion,
  });
  const window = analysisWindow({ sampleRate: wav.sampleRate, fastResponse, minHz: 140 });
  const engine = await PitchEngine.instantiate(wasm, {
    sampleRate: wav.sampleRate,
    frameSize: window.frameSamples,
    hop: window.frameSamples,
    minHz: 140,
  });
  const out: { timeS: number; hz: number }[] = [];
  const accumulator = new Accumulator(
    engine,
    { fastResponse, fastHopSamples: window.hopSamples, maxResultsPerSecond: 1000 },
    (r) => out.push({ timeS: r.endFrame / wav.sampleRate, hz: r.hz }),
  );
  if (cancel) accumulator.setDrone(c.drone);
  for (let at = 0; at + 128 <= mixed.length; at += 128) {
    accumulator.push(mixed.subarray(at, at + 128));
  }
  engine.teardown();
  return out.filter((r) => r.timeS > 0.6 && r.timeS < 1.4).map((r) => r.hz);
}

describe('the player read through the app’s own drone (compiled engine, corpus + drone)', () => {
  for (const c of CASES) {
    for (const levelDb of LEVELS_DB) {
      for (const fast of [false, true]) {
        it(`${c.what}, drone ${levelDb} dB, ${fast ? 'fast' : 'block'}: every reading on the note, median within 3 ¢`, async () => {
          const truthHz = measuredHz(c.file);
          const hz = await readings(c, levelDb, fast, true);
          expect(hz.length).toBeGreaterThan(5);
          const off = hz.map((h) => (h > 0 ? centsOff(h, truthHz) : Number.NaN));
          expect(off.filter((x) => Math.abs(x) < 50)).toHaveLength(hz.length);
          const sorted = [...off].sort((a, b) => a - b);
          expect(Math.abs(sorted[sorted.length >> 1])).toBeLessThan(3);
        });
      }
    }
  }

  // A speaker that distorts hard: its 2nd harmonic at −6 dB and its 3rd at −10 dB.
  for (const c of CASES) {
    for (const levelDb of [-12, 0]) {
      it(`${c.what}, distorting speaker, drone ${levelDb} dB: every reading on the note`, async () => {
        const truthHz = measuredHz(c.file);
        for (const fast of [false, true]) {
          const hz = await readings(c, levelDb, fast, true, {
            secondHarmonicDb: -6,
            thirdHarmonicDb: -10,
          });
          expect(hz.filter((h) => h > 0 && Math.abs(centsOff(h, truthHz)) < 50)).toHaveLength(
            hz.length,
          );
        }
      });
    }
  }

  // Controls: the same mixes without subtraction lose the player, so the tests above can fail.
  it.each([
    ['C5 over a C4 drone at the typical −12 dB', CASES[3], -12],
    ['D4 over a B♭3 drone at +6 dB', CASES[0], 6],
    ['B♭4 over the B♭3 triad at 0 dB', CASES[2], 0],
  ])('without subtraction, %s is not read as the player', async (_what, c, levelDb) => {
    const truthHz = measuredHz(c.file);
    for (const fast of [false, true]) {
      const hz = await readings(c, levelDb, fast, false);
      const right = hz.filter((h) => h > 0 && Math.abs(centsOff(h, truthHz)) < 50);
      expect(right.length).toBeLessThan(hz.length / 2);
    }
  });
});

/**
 * The figures: `DRONE_TABLE=1 npx vitest run src/audio/worklet/drone-canceller.node.test.ts` prints, per
 * case, level and mode, the readings on the player's note with and without subtraction.
 */
it.runIf(process.env.DRONE_TABLE)(
  'prints the table of figures',
  async () => {
    const rows: string[] = [
      'case | level | mode | on the note: subtracted / not | median ¢ (subtracted)',
    ];
    for (const c of CASES) {
      const truthHz = measuredHz(c.file);
      for (const levelDb of LEVELS_DB) {
        for (const fast of [false, true]) {
          const cells = [];
          let median = Number.NaN;
          for (const cancel of [true, false]) {
            const hz = await readings(c, levelDb, fast, cancel);
            const right = hz.filter((h) => h > 0 && Math.abs(centsOff(h, truthHz)) < 50);
            cells.push(`${right.length}/${hz.length}`);
            if (cancel) {
              const off = right.map((h) => centsOff(h, truthHz)).sort((a, b) => a - b);
              median = off[off.length >> 1] ?? Number.NaN;
            }
          }
          rows.push(
            `${c.what} | ${levelDb} dB | ${fast ? 'fast' : 'block'} | ${cells.join(' / ')} | ${median.toFixed(1)}`,
          );
        }
      }
    }
    console.log(rows.join('\n'));
  },
  120_000,
);

describe('the drone reaches the worklet as a message', () => {
  let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;
  beforeAll(async () => {
    processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
  });

  it('C5 over a C4 drone: read as C5 after MSG_DRONE, as the drone without it', () => {
    const c = CASES[3];
    const wav = decodeWav(readFileSync(join(AUDIO_DIR, c.file)));
    const mixed = mixDrone(wav.samples, wav.sampleRate, {
      droneHz: c.drone,
      levelDb: -12,
      sustain: [0.4, 1.4],
    });
    const module = new WebAssembly.Module(wasm);
    const run = (send: boolean) => {
      const running = startProcessor(processorClass, wav.sampleRate, {
        engine: module,
        fastResponse: false,
      });
      // Sent before the first quantum, as the pitch service does once the processor is ready.
      if (send) running.send({ type: MSG_DRONE, hz: c.drone });
      for (let at = 0; at + 128 <= mixed.length; at += 128) {
        running.quantum(mixed.subarray(at, at + 128));
      }
      return running.messages
        .filter((m): m is PitchMessage => m.type === 'pitch')
        .filter((m) => m.endFrame / wav.sampleRate > 0.6 && m.endFrame / wav.sampleRate < 1.4)
        .map((m) => Math.round(12 * Math.log2(m.hz / 440) + 69));
    };
    expect(new Set(run(true))).toEqual(new Set([72]));
    expect(new Set(run(false))).toEqual(new Set([60]));
  });
});
