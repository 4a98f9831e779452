/**
 * Long-tone note orders (../shared/notes/trumpet.md, "A typical daily routine"): a pyramid grows
 * outward from a middle note, alternating below and above (G4, F♯4, G♯4, F4, A4 …); a descending
 * chromatic run from G4 to F♯3 and back is a different pattern and is named so.
 */
import type { Spelling } from './notes';
import { chartNote, longTonePyramid, type ScaleNote } from './scales';

export interface PyramidOptions {
  /** Written MIDI of the middle note (default G4 = 67). */
  centreMidi?: number;
  /** Semitones the pyramid grows each way, 1..12 (default 5: D4 up to C5 around G4, a perfect 4th each way). */
  steps?: number;
  spelling?: Spelling;
}

/** The long-tone pyramid: the middle note, then a semitone below, a semitone above, two below … */
export function longTonePyramidOutward(options: PyramidOptions = {}): ScaleNote[] {
  const centre = options.centreMidi ?? 67;
  const steps = options.steps ?? 5;
  if (!Number.isInteger(centre) || centre < 54 || centre > 84) {
    throw new Error(`centreMidi must be an integer from 54 to 84 (F♯3–C6), got ${centre}.`);
  }
  if (!Number.isInteger(steps) || steps < 1 || steps > 12) {
    throw new Error(`steps must be an integer from 1 to 12, got ${steps}.`);
  }
  const notes = [chartNote(centre, options.spelling)];
  for (let k = 1; k <= steps; k++) {
    notes.push(chartNote(centre - k, options.spelling), chartNote(centre + k, options.spelling));
  }
  return notes;
}

/** The chromatic run: G4 down by semitones to F♯3 and back up (see `longTonePyramid`). */
export const chromaticRun = longTonePyramid;
