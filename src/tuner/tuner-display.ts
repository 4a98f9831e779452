import {
  getInstrument,
  nearestWrittenNote,
  tuningVerdict,
  writtenAndConcertNames,
  type InstrumentId,
  type Spelling,
  type TuningVerdict,
} from '../music';

/** What the tuner shows for one (smoothed) reading; `hasPitch: false` is the "no signal" state. */
export type TunerDisplay =
  | { hasPitch: false }
  | {
      hasPitch: true;
      /** Written note for the instrument, display spelling ("B♭3"). */
      note: string;
      /** Same, ASCII ("Bb3"), for data attributes and tests. */
      noteAscii: string;
      writtenMidi: number;
      concertNote: string;
      concertNoteAscii: string;
      concertMidi: number;
      /** Signed cents from the nearest note, rounded to `centsDigits` decimals. */
      cents: number;
      /** Decimals of `cents` worth showing: 0 (whole cents) or 1 (a steady note, if chosen). */
      centsDigits: 0 | 1;
      /** Hz rounded to 0.1. */
      hz: number;
      verdict: TuningVerdict;
    };

export const NO_SIGNAL: TunerDisplay = Object.freeze({ hasPitch: false });

export interface DisplaySettings {
  transposition: InstrumentId;
  a4Hz: number;
  inTuneCents: number;
  /** How the written note is spelled (default: by key); the concert note follows by interval. */
  spelling?: Spelling;
}

/** The names the tuner shows for a written note: written by preference, concert by interval. */
export interface NoteLabels {
  note: string;
  noteAscii: string;
  concertNote: string;
  concertNoteAscii: string;
}

/**
 * Written and concert names of a written note on an instrument: written B♭4 on a B♭ trumpet sounds
 * concert A♭4 (the letter moves by the interval too), never G♯4.
 */
export function noteLabels(
  writtenMidi: number,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): NoteLabels {
  const names = writtenAndConcertNames(writtenMidi, instrumentId, spelling);
  const ascii = writtenAndConcertNames(writtenMidi, instrumentId, spelling, true);
  return {
    note: names.written,
    noteAscii: ascii.written,
    concertNote: names.concert,
    concertNoteAscii: ascii.concert,
  };
}

const round1 = (value: number): number => {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** The display for a reading in Hz (0, negative or non-finite = no signal; never NaN). */
export function describeReading(hz: number, settings: DisplaySettings): TunerDisplay {
  const note = nearestWrittenNote(hz, settings.transposition, settings.a4Hz);
  if (!note.hasPitch) return NO_SIGNAL;
  const cents = round1(note.cents);
  return {
    hasPitch: true,
    ...noteLabels(note.writtenMidi, settings.transposition, settings.spelling),
    writtenMidi: note.writtenMidi,
    concertMidi: note.concertMidi,
    cents,
    centsDigits: 1,
    hz: round1(hz),
    verdict: tuningVerdict(cents, settings.inTuneCents),
  };
}

/** Signed cents as shown: "+3", "-35", "0", or with tenths "+3.2"; "" when there is no signal. */
export function formatCents(display: TunerDisplay): string {
  if (!display.hasPitch) return '';
  const text = display.cents.toFixed(display.centsDigits);
  return display.cents > 0 ? `+${text}` : text;
}

/** Two displays look the same to the user (no re-render needed). */
export function sameDisplay(a: TunerDisplay, b: TunerDisplay): boolean {
  if (!a.hasPitch || !b.hasPitch) return a.hasPitch === b.hasPitch;
  return (
    a.writtenMidi === b.writtenMidi &&
    a.cents === b.cents &&
    a.centsDigits === b.centsDigits &&
    a.hz === b.hz &&
    a.verdict === b.verdict
  );
}

/** Spoken summary for the polite live region: "C4, in tune" / "B♭3, 12 cents flat". */
export function announcement(
  display: TunerDisplay,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): string {
  if (!display.hasPitch) return 'No signal';
  const instrument = getInstrument(instrumentId);
  const name = noteLabels(display.writtenMidi, instrumentId, spelling).note;
  const spoken = name.replace('♭', ' flat').replace('♯', ' sharp');
  const where =
    display.verdict === 'in-tune'
      ? 'in tune'
      : `${Math.round(Math.abs(display.cents))} cents ${display.verdict}`;
  return instrument.id === 'concert' ? `${spoken}, ${where}` : `Written ${spoken}, ${where}`;
}

/** What the microphone hears, for the text shown without a note and for `data-signal`. */
export type SignalState = 'silence' | 'no-pitch' | 'pitch';

/**
 * Below this block RMS (dBFS) the input counts as silence. A quiet room through a phone or laptop
 * microphone (gain controls off) sits around −70 to −60 dBFS, speech or breath near the microphone
 * around −45 to −25, and a trumpet played even softly well above −40: −60 separates "the
 * microphone hears nothing" from "it hears something" with room on both sides.
 */
export const SILENCE_BELOW_DB = -60;
/** Once sound is heard, it stays "sound" until the level falls this far below the threshold. */
export const SIGNAL_HYSTERESIS_DB = 3;

/**
 * The signal state for a (smoothed) pitch decision and the latest input level. `previous` gives a
 * little hysteresis so a level hovering at the threshold does not flicker between the two texts.
 * A non-finite level counts as silence.
 */
export function signalState(
  hasPitch: boolean,
  levelDb: number,
  previous: SignalState = 'silence',
): SignalState {
  if (hasPitch) return 'pitch';
  if (!Number.isFinite(levelDb)) return 'silence';
  const threshold =
    previous === 'silence' ? SILENCE_BELOW_DB : SILENCE_BELOW_DB - SIGNAL_HYSTERESIS_DB;
  return levelDb >= threshold ? 'no-pitch' : 'silence';
}

/** The line shown in place of the verdict when there is no pitch ('pitch' reads as sound). */
export function noPitchText(signal: SignalState): string {
  return signal === 'silence' ? 'No signal — play a note' : 'Sound, but no clear pitch';
}
