/**
 * The drone's sound on a context it is given: one oscillator per voice (a single note, or a
 * chord: root, 5th, 3rd), each with a gentle gain envelope so starting, stopping, retuning and
 * adding or dropping a voice never click. It reports what it makes sound, tails included
 * (`onSounding`), so the audio session can tell the drone canceller (`drone-canceller.ts`).
 *
 * Timbres are sums of the first few harmonics only: the canceller fits DRONE_HARMONICS partials
 * per voice, so everything this plays can be subtracted from the microphone (a triangle or
 * sawtooth's endless harmonics could not).
 */
import { DRONE_HARMONICS, MAX_DRONE_VOICES } from '../worklet/drone-canceller';

export const DRONE_HZ_RANGE = { min: 20, max: 5000 } as const;
export const MAX_TONE_VOICES = MAX_DRONE_VOICES;

/**
 * `sine`: the pure fundamental (the plainest to tune against). `brass`: a horn-like tone, its 2nd
 * and 3rd harmonics strong (a brass instrument's low harmonics are of the same order as its
 * fundamental); only three harmonics, so the canceller still removes all of it.
 */
export type DroneTimbre = 'sine' | 'brass';
export const DRONE_TIMBRES: readonly DroneTimbre[] = ['sine', 'brass'];

/** Relative amplitudes of harmonics 1, 2, 3 … of each timbre (at most DRONE_HARMONICS). */
export const TIMBRE_HARMONICS: Readonly<Record<DroneTimbre, readonly number[]>> = {
  sine: [1],
  brass: [1, 0.7, 0.45],
};

/**
 * A retune glides only this far, cents (a temperament or A4 change: a just 3rd is 14 ¢ from
 * equal, 442 Hz is 8 ¢ above 440); further, the old voice fades out and a new one fades in. A
 * glide sweeps through pitches between the two, which the canceller (fitting the two ends)
 * would not remove: an octave glide was read as the drone's note for ~0.4 s in the browser test.
 */
export const GLIDE_MAX_CENTS = 25;

/** Attack/release time constant, s: ≈ 0.1 s to settle, no click. */
export const DRONE_SMOOTHING_S = 0.03;
/** A released voice is stopped after six time constants: below −50 dB by then. */
export const DRONE_RELEASE_S = DRONE_SMOOTHING_S * 6;

export function validateDroneHz(hz: readonly number[]): number[] {
  if (hz.length < 1 || hz.length > MAX_TONE_VOICES) {
    throw new RangeError(`A drone has 1..${MAX_TONE_VOICES} voices, got ${hz.length}`);
  }
  for (const f of hz) {
    if (!Number.isFinite(f) || f < DRONE_HZ_RANGE.min || f > DRONE_HZ_RANGE.max) {
      throw new RangeError(
        `Drone frequency must be ${DRONE_HZ_RANGE.min}..${DRONE_HZ_RANGE.max} Hz, got ${f}`,
      );
    }
  }
  return [...hz];
}

export function validateDroneVolume(volume: number): number {
  if (!(volume >= 0 && volume <= 1)) throw new RangeError(`volume must be 0..1, got ${volume}`);
  return volume;
}

/** Peak of one harmonic series, so a brass voice is no louder at its peak than a sine. */
function peakOf(harmonics: readonly number[]): number {
  return harmonics.reduce((sum, a) => sum + a, 0);
}

/** The Web Audio graph of one sounding drone (all its voices). */
export interface DroneVoices {
  /** Voices become `hz`: kept ones glide, new ones fade in, dropped ones fade out. */
  retune(hz: readonly number[]): void;
  setVolume(volume: number): void;
  /** Fade every voice out; the oscillators stop and disconnect after DRONE_RELEASE_S. */
  release(): void;
  /** Stop at once (the context is going away). */
  dispose(): void;
}

export interface DroneVoicesOptions {
  volume: number;
  timbre: DroneTimbre;
  /**
   * Called with each voice's frequency and the audio time it stops sounding (`Infinity` while
   * held), whenever that changes: a voice fading in, retuned (its old pitch glides out) or
   * released.
   */
  onSounding: (hz: number, untilS: number) => void;
}

interface Voice {
  osc: OscillatorNode;
  gain: GainNode;
  hz: number;
}

export function createDroneVoices(
  context: BaseAudioContext,
  destination: AudioNode,
  initialHz: readonly number[],
  options: DroneVoicesOptions,
): DroneVoices {
  const harmonics = TIMBRE_HARMONICS[options.timbre];
  if (harmonics.length > DRONE_HARMONICS) {
    throw new RangeError(`a timbre has at most ${DRONE_HARMONICS} harmonics`);
  }
  // A periodic wave is normalised by the browser to its peak; kept unnormalised here so the
  // volume means the same for every timbre (divided by the series' peak below).
  const wave =
    harmonics.length > 1
      ? context.createPeriodicWave(
          new Float32Array(harmonics.length + 1),
          Float32Array.from([0, ...harmonics]),
          { disableNormalization: true },
        )
      : null;
  const peak = peakOf(harmonics);
  let volume = validateDroneVolume(options.volume);
  let voices: Voice[] = [];

  const levelFor = (count: number): number => volume / count / peak;

  const releaseVoice = (voice: Voice): void => {
    const { osc, gain } = voice;
    const now = context.currentTime;
    gain.gain.cancelScheduledValues(now);
    gain.gain.setValueAtTime(gain.gain.value, now);
    gain.gain.setTargetAtTime(0, now, DRONE_SMOOTHING_S);
    osc.stop(now + DRONE_RELEASE_S);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
    options.onSounding(voice.hz, now + DRONE_RELEASE_S);
  };

  const startVoice = (hz: number, level: number, now: number): Voice => {
    const osc = context.createOscillator();
    const gain = context.createGain();
    if (wave) osc.setPeriodicWave(wave);
    else osc.type = 'sine';
    osc.frequency.value = hz;
    gain.gain.value = 0;
    osc.connect(gain).connect(destination);
    osc.start();
    gain.gain.setTargetAtTime(level, now, DRONE_SMOOTHING_S);
    options.onSounding(hz, Infinity);
    return { osc, gain, hz };
  };

  const retune = (list: readonly number[]): void => {
    // Voices add up: each gets an equal share, so a chord peaks no higher than one note.
    const level = levelFor(list.length);
    const now = context.currentTime;
    const next: Voice[] = [];
    list.forEach((hz, i) => {
      const kept = voices[i];
      if (kept && Math.abs(1200 * Math.log2(hz / kept.hz)) > GLIDE_MAX_CENTS) {
        // Too far to glide: a sweep passes through pitches the canceller does not know.
        releaseVoice(kept);
        next.push(startVoice(hz, level, now));
        return;
      }
      if (kept) {
        if (kept.hz !== hz) {
          // The glide passes through the old pitch for ~6 time constants: cancel both.
          options.onSounding(kept.hz, now + DRONE_RELEASE_S);
          kept.osc.frequency.setTargetAtTime(hz, now, DRONE_SMOOTHING_S);
          kept.hz = hz;
        }
        kept.gain.gain.setTargetAtTime(level, now, DRONE_SMOOTHING_S);
        options.onSounding(hz, Infinity);
        next.push(kept);
        return;
      }
      next.push(startVoice(hz, level, now));
    });
    for (const dropped of voices.slice(list.length)) releaseVoice(dropped);
    voices = next;
  };

  retune(validateDroneHz(initialHz));

  return {
    retune: (hz) => retune(validateDroneHz(hz)),
    setVolume(next) {
      volume = validateDroneVolume(next);
      const now = context.currentTime;
      for (const voice of voices) {
        voice.gain.gain.setTargetAtTime(levelFor(voices.length), now, DRONE_SMOOTHING_S);
      }
    },
    release() {
      for (const voice of voices) releaseVoice(voice);
      voices = [];
    },
    dispose() {
      for (const { osc, gain } of voices) {
        osc.onended = null;
        osc.stop();
        osc.disconnect();
        gain.disconnect();
      }
      voices = [];
    },
  };
}
