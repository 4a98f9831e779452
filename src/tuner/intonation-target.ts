/**
 * The tuner's target for the shown note: equal temperament (the display as it is), or just
 * intonation against the drone's root, where the needle, the cents and the verdict measure from
 * the just pitch and a line says what the target is ("E4 as the 3rd of C: aim −14 ¢").
 * Kept apart from `tuner-display.ts`: the display is described once, then re-aimed here.
 */
import {
  intonationTarget,
  targetText,
  tuningVerdict,
  droneRootName,
  type Temperament,
} from '../music';
import type { TunerDisplay } from './tuner-display';

export interface TargetSettings {
  temperament: Temperament;
  /** The drone's root, written MIDI (the just root). */
  droneRootWrittenMidi: number;
  inTuneCents: number;
  /** The drone sounds its major 3rd: a major triad, over which the 7th is the dominant's. */
  droneThird?: boolean;
}

const round1 = (value: number): number => {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** The display measured from its target: in just intonation, cents from the just pitch. */
export function aimAtTarget(display: TunerDisplay, target: TargetSettings): TunerDisplay {
  if (!display.hasPitch || target.temperament === 'equal') return display;
  const { offsetCents } = intonationTarget(
    display.writtenMidi,
    target.droneRootWrittenMidi,
    target.temperament,
    { third: target.droneThird },
  );
  const cents = round1(display.cents - offsetCents);
  return { ...display, cents, verdict: tuningVerdict(cents, target.inTuneCents) };
}

/**
 * The line under the note: in just intonation "E4 as the 3rd of C: aim −14 ¢" (written pitch,
 * the note spelled by its interval above the root, the root as a drone root is spelled: A♭ not
 * G♯; where the display names it otherwise, the display's name first: "B3 (C♭) as the
 * minor-key 7th of D♭"), or "Just intonation against C" while there is no note; nothing in equal
 * temperament.
 */
export function targetLine(display: TunerDisplay, target: TargetSettings): string {
  if (target.temperament === 'equal') return '';
  if (!display.hasPitch) {
    return `Just intonation against ${droneRootName(target.droneRootWrittenMidi)}`;
  }
  return targetText(
    intonationTarget(display.writtenMidi, target.droneRootWrittenMidi, target.temperament, {
      third: target.droneThird,
    }),
    // The big note's own name leads, so the line never shows another octave number (U17).
    display.note,
  );
}
