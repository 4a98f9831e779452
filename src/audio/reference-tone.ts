/**
 * Reference tone / drone: one oscillator per voice (a single note, or a chord: root, 5th, 3rd),
 * each with a gentle gain envelope so starting, stopping, retuning and adding or dropping a voice
 * never click. It owns its audio path (its own AudioContext unless one is passed in) and releases
 * what it acquired: a dropped voice's nodes after its release, everything on `dispose()`.
 */

export const REFERENCE_TONE_HZ_RANGE = { min: 20, max: 5000 } as const;

export interface ReferenceToneOptions {
  /** Share an existing context (it is then not closed by `dispose()`). Default: a private one. */
  context?: AudioContext;
  /**
   * Default 'triangle': soft like a sine, but its odd harmonics make beats easier to hear. The
   * tuner's drone uses 'sine', whose partials the pitch stream can subtract (`drone-canceller.ts`).
   */
  waveform?: OscillatorType;
  /** Peak gain 0..1 of all voices together, default 0.2 (the player's own sound must stay louder). */
  volume?: number;
  /** Attack/release time constant in seconds, default 0.03 (≈ 0.1 s to settle, no click). */
  smoothingS?: number;
}

/** One frequency, or a chord (one voice per frequency, at most MAX_TONE_VOICES). */
export type ToneHz = number | readonly number[];

export const MAX_TONE_VOICES = 4;

export interface ReferenceTone {
  /** Start (or retune, when already sounding) at `hz`; call from a user gesture the first time. */
  start(hz: ToneHz): Promise<void>;
  /**
   * Glide to `hz` without retriggering the envelope; voices added fade in, voices dropped fade
   * out. No-op when not sounding.
   */
  setFrequency(hz: ToneHz): void;
  /** Fade out; the oscillators are stopped after the release. */
  stop(): void;
  /** Stop immediately and release the oscillators, gain nodes and the private context. */
  dispose(): Promise<void>;
  readonly playing: boolean;
  /** The first voice's frequency, Hz (0 before the first start). */
  readonly frequencyHz: number;
  /** Every voice's frequency, Hz (empty before the first start). */
  readonly frequenciesHz: readonly number[];
}

function voicesOf(hz: ToneHz): number[] {
  const list = typeof hz === 'number' ? [hz] : [...hz];
  if (list.length < 1 || list.length > MAX_TONE_VOICES) {
    throw new RangeError(`A tone has 1..${MAX_TONE_VOICES} voices, got ${list.length}`);
  }
  for (const f of list) validateHz(f);
  return list;
}

function validateHz(hz: number): void {
  if (
    !Number.isFinite(hz) ||
    hz < REFERENCE_TONE_HZ_RANGE.min ||
    hz > REFERENCE_TONE_HZ_RANGE.max
  ) {
    throw new RangeError(
      `Reference tone frequency must be ${REFERENCE_TONE_HZ_RANGE.min}..${REFERENCE_TONE_HZ_RANGE.max} Hz, got ${hz}`,
    );
  }
}

export function createReferenceTone(options: ReferenceToneOptions = {}): ReferenceTone {
  const volume = options.volume ?? 0.2;
  if (!(volume >= 0 && volume <= 1)) throw new RangeError(`volume must be 0..1, got ${volume}`);
  const smoothingS = options.smoothingS ?? 0.03;
  if (!(smoothingS > 0 && smoothingS <= 1)) {
    throw new RangeError(`smoothingS must be in (0, 1] seconds, got ${smoothingS}`);
  }
  const waveform = options.waveform ?? 'triangle';
  const ownsContext = options.context === undefined;
  let context: AudioContext | undefined = options.context;
  interface Voice {
    osc: OscillatorNode;
    gain: GainNode;
  }
  let voices: Voice[] = [];
  let frequencies: readonly number[] = [];
  let disposed = false;

  const ensureContext = (): AudioContext => {
    context ??= new AudioContext();
    return context;
  };

  const release = (voice: Voice, ctx: AudioContext): void => {
    const { osc, gain } = voice;
    const now = ctx.currentTime;
    gain.gain.cancelScheduledValues(now);
    gain.gain.setValueAtTime(gain.gain.value, now);
    gain.gain.setTargetAtTime(0, now, smoothingS);
    // Six time constants: the level is below -50 dB before the oscillator stops.
    osc.stop(now + smoothingS * 6);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
  };

  /** The sounding voices become `list`: glide the kept ones, fade new ones in, old ones out. */
  const retune = (list: readonly number[], ctx: AudioContext): void => {
    // Voices add up: each gets an equal share, so a chord peaks no higher than one note.
    const level = volume / list.length;
    const now = ctx.currentTime;
    const next: Voice[] = [];
    list.forEach((hz, i) => {
      const kept = voices[i];
      if (kept) {
        kept.osc.frequency.setTargetAtTime(hz, now, smoothingS);
        kept.gain.gain.setTargetAtTime(level, now, smoothingS);
        next.push(kept);
        return;
      }
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = waveform;
      osc.frequency.value = hz;
      gain.gain.value = 0;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      gain.gain.setTargetAtTime(level, now, smoothingS);
      next.push({ osc, gain });
    });
    for (const dropped of voices.slice(list.length)) release(dropped, ctx);
    voices = next;
  };

  return {
    get playing() {
      return voices.length > 0;
    },
    get frequencyHz() {
      return frequencies[0] ?? 0;
    },
    get frequenciesHz() {
      return frequencies;
    },
    async start(hz) {
      const list = voicesOf(hz);
      if (disposed) throw new Error('ReferenceTone was disposed');
      const ctx = ensureContext();
      frequencies = Object.freeze(list);
      retune(list, ctx);
      if (ctx.state === 'suspended') await ctx.resume();
    },
    setFrequency(hz) {
      const list = voicesOf(hz);
      frequencies = Object.freeze(list);
      if (voices.length > 0 && context) retune(list, context);
    },
    stop() {
      if (context) for (const voice of voices) release(voice, context);
      voices = [];
    },
    async dispose() {
      disposed = true;
      for (const { osc, gain } of voices) {
        osc.onended = null;
        osc.stop();
        osc.disconnect();
        gain.disconnect();
      }
      voices = [];
      if (ownsContext && context && context.state !== 'closed') await context.close();
      context = undefined;
    },
  };
}
