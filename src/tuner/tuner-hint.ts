/**
 * What the tuner says under the note and which fingering it shows (issue 22): the partial and
 * tendency of the note as the player fingers it, with the fix only when the reading leans that way
 * (`tunerHint`, the one advice source). In concert pitch the player is taken to hold a B♭ trumpet:
 * concert A4 is fingered as written B4 (2), never as a C trumpet's A4 (trumpet.md "Saying it
 * right").
 */
import {
  fourthValveFor,
  getInstrument,
  ordinal,
  partialOn,
  spellMidi,
  spelledNoteName,
  transposeSpelled,
  tunerHint,
  type InstrumentId,
  type Spelling,
} from '../music';
import type { TunerDisplay } from './tuner-display';

/** The instrument whose fingering the tuner shows in concert pitch. */
export const CONCERT_FINGERING_INSTRUMENT: InstrumentId = 'bb-trumpet';

/** The written note whose fingering the player uses for a reading. */
export interface FingeringNote {
  writtenMidi: number;
  /** Written name ("B4"), spelled as the player reads it. */
  name: string;
  /** "B♭ trumpet" when the fingering is not of the note shown (concert pitch); else null. */
  instrumentLabel: string | null;
}

/**
 * The fingered note of a shown note: the note itself on a transposing instrument (it is already
 * written pitch); in concert pitch the B♭ trumpet's written note, spelled by interval from the
 * concert name (a major 2nd up: concert A♭4 → written B♭4), or by preference if that would need a
 * double sharp or flat.
 */
export function fingeringNote(
  shownMidi: number,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): FingeringNote {
  if (instrumentId !== 'concert') {
    return {
      writtenMidi: shownMidi,
      name: spelledNoteName(spellMidi(shownMidi, spelling)),
      instrumentLabel: null,
    };
  }
  const player = getInstrument(CONCERT_FINGERING_INSTRUMENT);
  const up = -player.concertOffsetSemitones;
  const writtenMidi = shownMidi + up;
  const byInterval = transposeSpelled(
    spellMidi(shownMidi, spelling),
    -player.concertOffsetLetters,
    up,
  );
  const written =
    Math.abs(byInterval.accidental) <= 1 ? byInterval : spellMidi(writtenMidi, spelling);
  return { writtenMidi, name: spelledNoteName(written), instrumentLabel: player.name };
}

/**
 * The line under the note: "E5 · 5th partial · tends flat: faster air, or try 1-2 or 3" (the fix
 * only on a flat reading), in concert pitch "B♭ trumpet: written B4 · 4th partial"; null without a note or
 * off the chart.
 */
export function hintLine(
  display: TunerDisplay,
  instrumentId: InstrumentId,
  inTuneCents: number,
  spelling: Spelling = 'default',
): string | null {
  if (!display.hasPitch) return null;
  const fingered = fingeringNote(display.writtenMidi, instrumentId, spelling);
  // A piccolo plays low G, D, F♯, C♯ with its 4th valve, in tune: the partial, no 1-3 talk.
  const fourth = fourthValveFor(fingered.writtenMidi, instrumentId);
  const partial = fourth ? partialOn(fingered.writtenMidi, fourth.replaces) : null;
  const hint =
    fourth && partial !== null
      ? `${ordinal(partial)} partial`
      : tunerHint(fingered.writtenMidi, display.cents, inTuneCents);
  if (hint === null) return null;
  const name = fingered.instrumentLabel
    ? `${fingered.instrumentLabel}: written ${fingered.name}`
    : display.note;
  return `${name} · ${hint}`;
}
