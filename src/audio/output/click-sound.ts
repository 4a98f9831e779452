// One metronome click: a short burst of noise through a band-pass, on the session's context.
import type { Click } from './click-source';

/** How long a click sounds, s. */
export const CLICK_S = 0.03;
/**
 * A click is a burst of noise through a wide band-pass (a woodblock's tick), centred here, Hz. It
 * has no pitch for the tuner to read: pitched beeps at 990–1760 Hz sit in the trumpet's range and
 * a 990 Hz sixteenth was read as written C♯6 (issue 24's metronome-with-tuner test).
 */
const CLICK_BAND_HZ: Readonly<Record<Exclude<Click['kind'], 'silent'>, number>> = {
  accent: 3200,
  beat: 2400,
  sub: 1800,
};
/** Wide enough to stay noise (a narrow band rings at its centre, which is a pitch again). */
const CLICK_BAND_Q = 0.7;
/** One noise buffer per context, made once (no allocation per click). */
const noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();
function noiseFor(ctx: BaseAudioContext): AudioBuffer {
  let buffer = noiseBuffers.get(ctx);
  if (!buffer) {
    const length = Math.ceil((CLICK_S + 0.01) * ctx.sampleRate);
    buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    // A fixed linear congruential sequence: every click sounds the same (Numerical Recipes).
    let x = 1;
    for (let i = 0; i < length; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      data[i] = x / 2 ** 31 - 1;
    }
    noiseBuffers.set(ctx, buffer);
  }
  return buffer;
}
const CLICK_LEVEL: Readonly<Record<Exclude<Click['kind'], 'silent'>, number>> = {
  accent: 1,
  beat: 0.8,
  sub: 0.5,
};

/**
 * Schedules one click at `atS` (context time) on the context's output and disconnects its nodes
 * when it has sounded (`onEnded` then runs). Returns the source, so a stopped track can cancel it.
 */
export function playClick(
  ctx: BaseAudioContext,
  atS: number,
  kind: Exclude<Click['kind'], 'silent'>,
  volume: number,
  onEnded: () => void,
): AudioScheduledSourceNode {
  const source = ctx.createBufferSource();
  source.buffer = noiseFor(ctx);
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = CLICK_BAND_HZ[kind];
  band.Q.value = CLICK_BAND_Q;
  const gain = ctx.createGain();
  const peak = volume * CLICK_LEVEL[kind];
  gain.gain.setValueAtTime(0, atS);
  gain.gain.linearRampToValueAtTime(peak, atS + 0.002);
  gain.gain.exponentialRampToValueAtTime(0.0001, atS + CLICK_S);
  source.connect(band).connect(gain).connect(ctx.destination);
  source.start(atS);
  source.stop(atS + CLICK_S + 0.01);
  source.onended = () => {
    source.disconnect();
    band.disconnect();
    gain.disconnect();
    onEnded();
  };
  return source;
}
