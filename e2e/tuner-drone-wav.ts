import { readFileSync } from 'node:fs';
import { decodeWav } from '../src/audio/offline/wav';
import { writeWav16 } from './synth-wav';

/**
 * WAVs the drone and A4 browser tests synthesise: a corpus recording with the app's drone mixed in
 * as the phone's microphone would hear it, or a plain tone. 16-bit mono PCM throughout.
 */

/** Samples and rate of a 16-bit mono PCM WAV (the corpus's format). */
export function readWav16(path: string): { sampleRate: number; samples: Float32Array } {
  return decodeWav(readFileSync(path));
}

export { writeWav16 };

/**
 * The recording played `repeats` times over a continuous drone (sines at `droneHz`, each with a
 * −20 dB 2nd harmonic for a small speaker's distortion), the drone's RMS `levelDb` relative to
 * the trumpet's over 0.4–1.4 s of the recording. The file holds a whole number of periods of
 * `commonPeriodHz` (the chord's common period: a just triad repeats every 4 root periods), so the
 * fake microphone's loop does not jump in the drone's phase.
 */
export function recordingWithDrone(opts: {
  recording: string;
  out: string;
  droneHz: readonly number[];
  commonPeriodHz: number;
  levelDb: number;
  repeats: number;
}): string {
  const { sampleRate, samples } = readWav16(opts.recording);
  const periods = Math.round((samples.length * opts.repeats * opts.commonPeriodHz) / sampleRate);
  const n = Math.round((periods * sampleRate) / opts.commonPeriodHz);
  let energy = 0;
  const from = Math.round(0.4 * sampleRate);
  const to = Math.round(1.4 * sampleRate);
  for (let i = from; i < to; i++) energy += (samples[i] as number) ** 2;
  const h2 = 0.1;
  const droneRms = Math.sqrt(energy / (to - from)) * 10 ** (opts.levelDb / 20);
  const amplitude = (droneRms * Math.SQRT2) / Math.sqrt(opts.droneHz.length * (1 + h2 * h2));
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let drone = 0;
    opts.droneHz.forEach((hz, v) => {
      const phase = (2 * Math.PI * hz * i) / sampleRate;
      drone += Math.sin(phase + v) + h2 * Math.sin(2 * phase + 0.5);
    });
    out[i] = (samples[i % samples.length] as number) + amplitude * drone;
  }
  return writeWav16(opts.out, sampleRate, out);
}
