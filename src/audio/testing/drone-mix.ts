/**
 * Test signal: a corpus recording with the app's drone mixed in as the phone's microphone would
 * hear it (the drone's sines, plus a 2nd harmonic the small speaker adds), at a level relative to
 * the trumpet's own RMS over its sustain.
 */
export interface DroneMixOptions {
  /** Drone voices, Hz. */
  droneHz: readonly number[];
  /** Drone RMS relative to the trumpet's RMS over `sustain`, dB (−12 typical, 0 and +6 worse). */
  levelDb: number;
  /** The trumpet's sustain, seconds, where its RMS is measured. */
  sustain: readonly [number, number];
  /** Speaker distortion: each voice's 2nd harmonic relative to its fundamental, dB (default −20). */
  secondHarmonicDb?: number;
  /** Each voice's 3rd harmonic relative to its fundamental, dB (default none). */
  thirdHarmonicDb?: number;
}

export function mixDrone(
  samples: Float32Array,
  sampleRate: number,
  options: DroneMixOptions,
): Float32Array {
  const from = Math.round(options.sustain[0] * sampleRate);
  const to = Math.round(options.sustain[1] * sampleRate);
  let energy = 0;
  for (let i = from; i < to; i++) energy += (samples[i] as number) ** 2;
  const trumpetRms = Math.sqrt(energy / (to - from));
  const h2 = 10 ** ((options.secondHarmonicDb ?? -20) / 20);
  const h3 = options.thirdHarmonicDb === undefined ? 0 : 10 ** (options.thirdHarmonicDb / 20);
  const voices = options.droneHz.length;
  // Each voice a sine of amplitude a (RMS a/√2 · √(1 + h2² + h3²)); voices add in power.
  const droneRms = trumpetRms * 10 ** (options.levelDb / 20);
  const amplitude = (droneRms * Math.SQRT2) / Math.sqrt(voices * (1 + h2 * h2 + h3 * h3));
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let drone = 0;
    for (let v = 0; v < voices; v++) {
      const phase = (2 * Math.PI * (options.droneHz[v] as number) * i) / sampleRate + v;
      drone += Math.sin(phase) + h2 * Math.sin(2 * phase + 0.5) + h3 * Math.sin(3 * phase + 1);
    }
    out[i] = (samples[i] as number) + amplitude * drone;
  }
  return out;
}
