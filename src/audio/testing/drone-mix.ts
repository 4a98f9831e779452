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
  /**
   * The drone's own timbre: amplitudes of harmonics 1, 2, 3 … (e.g. TIMBRE_HARMONICS.brass);
   * replaces the speaker harmonics above when given.
   */
  harmonics?: readonly number[];
  /**
   * The drone released at this time, s: from then it decays as the app's release does
   * (exp(−t/τ), τ = `releaseTauS`, default 0.03) and is silent after 6 τ.
   */
  releaseAtS?: number;
  releaseTauS?: number;
}

export function mixDrone(
  samples: Float32Array,
  sampleRate: number,
  options: DroneMixOptions,
): Float32Array {
  const from = Math.round(options.sustain[0] * sampleRate);
  const to = Math.round(options.sustain[1] * sampleRate);
  let energy = 0;
  for (let i = from; i < to; i++) energy += samples[i] ** 2;
  const trumpetRms = Math.sqrt(energy / (to - from));
  const h2 = 10 ** ((options.secondHarmonicDb ?? -20) / 20);
  const h3 = options.thirdHarmonicDb === undefined ? 0 : 10 ** (options.thirdHarmonicDb / 20);
  const harmonics = options.harmonics ?? [1, h2, h3];
  const voices = options.droneHz.length;
  // Each voice a sum of harmonics a·h_k (RMS a/√2 · √Σh_k²); voices add in power.
  const droneRms = trumpetRms * 10 ** (options.levelDb / 20);
  const power = harmonics.reduce((sum, h) => sum + h * h, 0);
  const amplitude = (droneRms * Math.SQRT2) / Math.sqrt(voices * power);
  const releaseAt = options.releaseAtS === undefined ? Infinity : options.releaseAtS * sampleRate;
  const tau = (options.releaseTauS ?? 0.03) * sampleRate;
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let drone = 0;
    for (let v = 0; v < voices; v++) {
      const phase = (2 * Math.PI * options.droneHz[v] * i) / sampleRate + v;
      harmonics.forEach((h, k) => {
        if (h !== 0) drone += h * Math.sin((k + 1) * phase + 0.5 * k);
      });
    }
    const envelope =
      i < releaseAt ? 1 : i < releaseAt + 6 * tau ? Math.exp(-(i - releaseAt) / tau) : 0;
    out[i] = samples[i] + amplitude * envelope * drone;
  }
  return out;
}
