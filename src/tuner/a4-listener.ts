/**
 * "Listen for A4": the reference pitch taken from a heard note (the player's, or the band's
 * tuning note). Pure: fed the stream's readings, it waits for one confirmed note held steady for
 * LISTEN_HOLD_MS and takes the median of its readings (robust to the attack and a stray frame),
 * then reads it as an A in whichever octave: A4 = that pitch moved by octaves next to 440 Hz. The
 * result must fall in A4's range (415–466 Hz, the settings' range): a note more than about a
 * semitone from A (a B♭ tuning note, say) is refused with the reason, never applied.
 */
import { centsBetween, MAX_A4_HZ, median, MIN_A4_HZ, DEFAULT_A4_HZ } from '../music';
import type { PitchReading } from '../audio/stream/pitch-service-types';

/** How long the note must be held, ms ("takes the steady note held ~1 s"). */
export const LISTEN_HOLD_MS = 1000;
/** Readings further than this from the held note's first reading start a new hold, cents. */
export const STEADY_CENTS = 30;
/** Up to this many readings are kept for the median (fast mode gives ~60 per second). */
const MAX_READINGS = 256;

export type ListenOutcome =
  | {
      ok: true;
      /** The held note's median pitch, Hz, and the A4 it implies (0.1 Hz). */
      heardHz: number;
      a4Hz: number;
      /** The heard note's octave as an A (4 = A4 itself). */
      octave: number;
    }
  | { ok: false; heardHz: number; a4Hz: number; octave: number; reason: string };

/** A4 from a heard A in any octave, rounded to 0.1 Hz, with its verdict against 415–466 Hz. */
export function a4FromHeardHz(heardHz: number): ListenOutcome {
  if (!(heardHz > 0 && Number.isFinite(heardHz))) {
    throw new RangeError(`heardHz must be a positive number of Hz, got ${String(heardHz)}`);
  }
  const octaves = Math.round(Math.log2(DEFAULT_A4_HZ / heardHz));
  const a4Hz = Math.round(heardHz * 2 ** octaves * 10) / 10;
  const octave = 4 - octaves;
  if (a4Hz >= MIN_A4_HZ && a4Hz <= MAX_A4_HZ) return { ok: true, heardHz, a4Hz, octave };
  return {
    ok: false,
    heardHz,
    a4Hz,
    octave,
    reason: `Heard ${heardHz.toFixed(1)} Hz, which as an A would make A4 = ${a4Hz.toFixed(1)} Hz: outside ${MIN_A4_HZ}–${MAX_A4_HZ} Hz, so it is not an A.`,
  };
}

/** Collects the readings of one steadily held note; `push` returns the outcome once it is held. */
export class A4Listener {
  private readonly hz = new Float64Array(MAX_READINGS);
  private count = 0;
  private startMs = Number.NaN;
  private anchorHz = 0;
  private latestMs = Number.NaN;

  /** How much of the hold is done, 0..1 (for a progress bar). */
  get progress(): number {
    if (this.count === 0) return 0;
    return Math.min(1, (this.latestMs - this.startMs) / LISTEN_HOLD_MS);
  }

  reset(): void {
    this.count = 0;
    this.startMs = Number.NaN;
    this.anchorHz = 0;
    this.latestMs = Number.NaN;
  }

  /**
   * One reading of the stream. Only the stream's confirmed note counts (`noteHz` > 0): silence,
   * noise or another note starts the hold again.
   */
  push(reading: Pick<PitchReading, 'live' | 'hz' | 'noteHz' | 'timeMs'>): ListenOutcome | null {
    if (!reading.live || !(reading.noteHz > 0) || !(reading.hz > 0)) {
      this.reset();
      return null;
    }
    const off = Math.abs(centsBetween(this.anchorHz || reading.hz, reading.hz));
    if (this.count === 0 || off > STEADY_CENTS) {
      this.reset();
      this.startMs = reading.timeMs;
      this.anchorHz = reading.hz;
    }
    if (this.count < MAX_READINGS) this.hz[this.count++] = reading.hz;
    this.latestMs = reading.timeMs;
    if (reading.timeMs - this.startMs < LISTEN_HOLD_MS) return null;
    const heardHz = median(Array.from(this.hz.subarray(0, this.count))) ?? 0;
    this.reset();
    return a4FromHeardHz(heardHz);
  }
}
