/**
 * Where inside an analysis window a new note began. Runs on the audio thread, only when an analysis
 * names a pitch the previous one did not (a note change or a start after silence), so it costs
 * nothing on a held note. Pure and allocation-free after construction.
 *
 * Why: a block-mode window is 4096 samples (85–93 ms). The window that first names a new note is
 * the first one the note fills more than about half of, so its end is 45–140 ms after the onset;
 * stamping the note at the window's end would make every note late by a different amount. The
 * locator re-analyses the last 1½ windows with short sub-frames (about 21 ms, every quarter of one)
 * and finds the earliest sub-frame of the unbroken run that names the new pitch; the new note fills
 * at least half of that sub-frame and less than half of the one before it, so the onset is about
 * half a sub-frame after its start. Tongued and slurred onsets are found the same way (a slur has
 * no level dip to find, a pitch change is what both have in common).
 */
import type { AnalysisEngine } from './accumulator';

/** Sub-frames that may be unvoiced inside the new note's run (a noisy attack) before it ends. */
const MAX_UNVOICED_IN_RUN = 3;
/**
 * A sub-frame names the same note as the window when within this of its pitch. Wider than the
 * stream's same-note rule (a quarter tone, `same-note.ts`) on purpose: 50 ¢ here located a
 * tongued F4 of the corpus phrase 5 ms later (onset error 22.6 → 28.0 ms, `npm run bench:latency`).
 */
const SAME_NOTE_CENTS = 60;
const SAME_NOTE_RATIO = 2 ** (SAME_NOTE_CENTS / 1200);
/** NSDF clarity of a sub-frame holding one steady tone (a sustained note reads 0.98–1.00). */
const CLEAR = 0.97;

/** Sub-frame length for a sample rate: the power of two nearest 21 ms (1024 at 44.1/48 kHz). */
export function onsetSubFrameSamples(sampleRate: number): number {
  const target = sampleRate * 0.0213;
  return 2 ** Math.max(8, Math.round(Math.log2(target)));
}

/** Sub-frames start every quarter sub-frame: 256 samples (5.3 ms) at 44.1/48 kHz. */
export const onsetHopSamples = (subFrameSamples: number): number => subFrameSamples / 4;

export class OnsetLocator {
  /** Samples the locator can look back over (1½ analysis windows). */
  readonly spanSamples: number;
  private readonly engine: AnalysisEngine;
  private readonly subFrame: number;
  private readonly hop: number;

  constructor(engine: AnalysisEngine, spanSamples: number) {
    const subFrame = engine.options.frameSize;
    const hop = onsetHopSamples(subFrame);
    if ((engine.options.hop ?? hop) !== hop) {
      throw new RangeError(`OnsetLocator: the engine's hop must be ${hop}, a quarter of its frame`);
    }
    if (spanSamples < subFrame || spanSamples % hop !== 0) {
      throw new RangeError(
        `OnsetLocator: spanSamples must be a multiple of ${hop} >= ${subFrame}, got ${spanSamples}`,
      );
    }
    this.hop = hop;
    if (engine.input.length < spanSamples) {
      throw new RangeError('OnsetLocator: engine input capacity is smaller than the span');
    }
    this.engine = engine;
    this.subFrame = subFrame;
    this.spanSamples = spanSamples;
  }

  /**
   * `input`/`divisors` must already hold the last `spanSamples` normalised samples and their chunk
   * divisors (the caller copies them into `this.engine.input`/`divisors`). Returns the onset as an
   * offset in samples from the start of the span, or -1 when the new pitch was not found in it.
   */
  locate(newHz: number): number {
    const engine = this.engine;
    const frames = engine.pitches(this.spanSamples, true);
    let earliest = -1;
    let unvoiced = 0;
    for (let k = frames - 1; k >= 0; k--) {
      const hz = engine.hz[k];
      if (hz > 0 && hz < newHz * SAME_NOTE_RATIO && hz > newHz / SAME_NOTE_RATIO) {
        earliest = k;
        unvoiced = 0;
      } else if (earliest < 0) {
        // Not yet in the run (the window's last sub-frames may already be fading): keep looking.
      } else if (!(hz > 0) && unvoiced < MAX_UNVOICED_IN_RUN) {
        unvoiced++;
      } else {
        break; // another pitch, or silence, before the run: the run started after it
      }
    }
    if (earliest < 0) return -1;
    // A note before it (a slur, or a tongued note over the last one's ringing): sub-frames stay
    // clear until the new note enters them, so the last clear one ends about at the onset.
    for (let k = earliest - 1; k >= 0; k--) {
      if (engine.clarity[k] >= CLEAR) {
        const end = k * this.hop + this.subFrame;
        return Math.min(end, earliest * this.hop + this.subFrame / 2);
      }
    }
    // After silence or noise: the note fills at least half of sub-frame `earliest` and less than
    // half of the one before.
    return earliest * this.hop + this.subFrame / 2 - this.hop / 2;
  }
}
