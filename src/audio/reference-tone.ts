/**
 * Reference tone / drone: one oscillator with a gentle gain envelope so starting, stopping and
 * retuning never click. It owns its audio path (its own AudioContext unless one is passed in) and
 * releases what it acquired on `dispose()`.
 */

export const REFERENCE_TONE_HZ_RANGE = { min: 20, max: 5000 } as const;

export interface ReferenceToneOptions {
  /** Share an existing context (it is then not closed by `dispose()`). Default: a private one. */
  context?: AudioContext;
  /** Default 'triangle': soft like a sine, but its odd harmonics make beats easier to hear. */
  waveform?: OscillatorType;
  /** Peak gain 0..1, default 0.2 (the player's own sound must stay louder). */
  volume?: number;
  /** Attack/release time constant in seconds, default 0.03 (≈ 0.1 s to settle, no click). */
  smoothingS?: number;
}

export interface ReferenceTone {
  /** Start (or retune, when already sounding) at `hz`; call from a user gesture the first time. */
  start(hz: number): Promise<void>;
  /** Glide to `hz` without retriggering the envelope; no-op when not sounding. */
  setFrequency(hz: number): void;
  /** Fade out; the oscillator is stopped after the release. */
  stop(): void;
  /** Stop immediately and release the oscillator, gain node and the private context. */
  dispose(): Promise<void>;
  readonly playing: boolean;
  readonly frequencyHz: number;
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
  let oscillator: OscillatorNode | undefined;
  let gain: GainNode | undefined;
  let frequencyHz = 0;
  let disposed = false;

  const ensureContext = (): AudioContext => {
    context ??= new AudioContext();
    return context;
  };

  const release = (osc: OscillatorNode, g: GainNode, ctx: AudioContext): void => {
    const now = ctx.currentTime;
    g.gain.cancelScheduledValues(now);
    g.gain.setValueAtTime(g.gain.value, now);
    g.gain.setTargetAtTime(0, now, smoothingS);
    // Six time constants: the level is below -50 dB before the oscillator stops.
    osc.stop(now + smoothingS * 6);
    osc.onended = () => {
      osc.disconnect();
      g.disconnect();
    };
  };

  return {
    get playing() {
      return oscillator !== undefined;
    },
    get frequencyHz() {
      return frequencyHz;
    },
    async start(hz) {
      validateHz(hz);
      if (disposed) throw new Error('ReferenceTone was disposed');
      const ctx = ensureContext();
      frequencyHz = hz;
      if (oscillator) {
        oscillator.frequency.setTargetAtTime(hz, ctx.currentTime, smoothingS);
      } else {
        const osc = ctx.createOscillator();
        const g = ctx.createGain();
        osc.type = waveform;
        osc.frequency.value = hz;
        g.gain.value = 0;
        osc.connect(g).connect(ctx.destination);
        osc.start();
        g.gain.setTargetAtTime(volume, ctx.currentTime, smoothingS);
        oscillator = osc;
        gain = g;
      }
      if (ctx.state === 'suspended') await ctx.resume();
    },
    setFrequency(hz) {
      validateHz(hz);
      frequencyHz = hz;
      if (oscillator && context) {
        oscillator.frequency.setTargetAtTime(hz, context.currentTime, smoothingS);
      }
    },
    stop() {
      if (oscillator && gain && context) release(oscillator, gain, context);
      oscillator = undefined;
      gain = undefined;
    },
    async dispose() {
      disposed = true;
      if (oscillator && gain) {
        oscillator.onended = null;
        oscillator.stop();
        oscillator.disconnect();
        gain.disconnect();
      }
      oscillator = undefined;
      gain = undefined;
      if (ownsContext && context && context.state !== 'closed') await context.close();
      context = undefined;
    },
  };
}
