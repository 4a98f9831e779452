/**
 * An exercise as written music: notes and rests with real values, bars, key and time signature,
 * slurs and breath marks. One model drives both the staff (what the player reads) and the timed
 * session (when each note is due), so what is drawn is what is scored.
 */
import type { Accidental, Letter } from './notes';
import type { ScaleNote } from './scales';

/** Note values the exercises use, in beats (quarter = 1); 1/3 is a triplet eighth. */
export const NOTE_VALUES = [4, 3, 2, 1.5, 1, 0.5, 1 / 3, 0.25] as const;
export type NoteValue = (typeof NOTE_VALUES)[number];

/** How many notes to the beat: quarters, eighths, triplets, sixteenths. */
export type Subdivision = 1 | 2 | 3 | 4;
export const SUBDIVISION_LABELS: Readonly<Record<Subdivision, string>> = {
  1: 'Quarter notes',
  2: 'Eighth notes',
  3: 'Triplets',
  4: 'Sixteenth notes',
};

export interface PassageNote<N extends ScaleNote = ScaleNote> {
  kind: 'note';
  note: N;
  beats: NoteValue;
  /** Slurred into the next note (no tongue): drawn under one slur mark. */
  slurToNext?: boolean;
  /** A breath mark after this note. */
  breathAfter?: boolean;
}

export interface PassageRest {
  kind: 'rest';
  beats: NoteValue;
}

export type PassageEvent<N extends ScaleNote = ScaleNote> = PassageNote<N> | PassageRest;

export interface KeySignature {
  letter: Letter;
  accidental: Accidental;
  minor: boolean;
}

export interface Passage<N extends ScaleNote = ScaleNote> {
  /** Beats per bar (the time signature's top number; the beat is a quarter note). */
  beatsPerBar: number;
  /** null: no key signature (C major / open key; accidentals written on each note). */
  key: KeySignature | null;
  events: readonly PassageEvent<N>[];
}

/** A note of a passage with its place in time: what a timed session needs. */
export interface TimedPassageNote<N extends ScaleNote = ScaleNote> {
  note: N;
  /** Beat it is due on, from the first beat of the passage (0). */
  startBeat: number;
  beats: number;
  /** Index of its event in `passage.events`. */
  eventIndex: number;
  /** Slurred from the previous note (no re-attack expected). */
  slurredIn: boolean;
}

const EPSILON = 1e-6;

/** The notes of a passage with their start beats (rests only move time on). */
export function timedNotes<N extends ScaleNote>(passage: Passage<N>): TimedPassageNote<N>[] {
  const out: TimedPassageNote<N>[] = [];
  let beat = 0;
  let previousSlurs = false;
  passage.events.forEach((event, eventIndex) => {
    if (event.kind === 'note') {
      out.push({
        note: event.note,
        startBeat: beat,
        beats: event.beats,
        eventIndex,
        slurredIn: previousSlurs,
      });
      previousSlurs = event.slurToNext === true;
    } else {
      previousSlurs = false;
    }
    beat += event.beats;
  });
  return out;
}

/** Total length in beats. */
export const passageBeats = (passage: Passage): number =>
  passage.events.reduce((sum, e) => sum + e.beats, 0);

/**
 * The passage cut into bars (arrays of event indices). Throws if an event crosses a bar line or
 * the last bar is incomplete: the builders below never do that, and the staff relies on it.
 */
export function bars(passage: Passage): number[][] {
  const { beatsPerBar } = passage;
  if (!Number.isInteger(beatsPerBar) || beatsPerBar < 1 || beatsPerBar > 12) {
    throw new Error(`beatsPerBar must be an integer from 1 to 12, got ${beatsPerBar}.`);
  }
  const out: number[][] = [];
  let current: number[] = [];
  let filled = 0;
  passage.events.forEach((event, i) => {
    if (!NOTE_VALUES.some((v) => Math.abs(v - event.beats) < EPSILON)) {
      throw new Error(`Event ${i} lasts ${event.beats} beats, not a note value.`);
    }
    current.push(i);
    filled += event.beats;
    if (filled > beatsPerBar + EPSILON) {
      throw new Error(`Event ${i} crosses the bar line after bar ${out.length + 1}.`);
    }
    if (Math.abs(filled - beatsPerBar) < EPSILON) {
      out.push(current);
      current = [];
      filled = 0;
    }
  });
  if (current.length > 0) throw new Error(`The last bar has ${filled} of ${beatsPerBar} beats.`);
  return out;
}

/**
 * Rests that fill a bar from `positionInBar` (beats) to its end on the beat grid: first to the
 * next beat (triplet or eighth rests), then whole beats (a half rest on beats 1 and 3 of 4/4).
 */
export function restsToBarEnd(positionInBar: number, beatsPerBar: number): PassageRest[] {
  const rests: PassageRest[] = [];
  let position = positionInBar;
  const fraction = position - Math.floor(position + EPSILON);
  if (fraction > EPSILON) {
    // Inside a beat: the rest of the beat in the same unit as what was played.
    const third = Math.abs(fraction - 1 / 3) < EPSILON || Math.abs(fraction - 2 / 3) < EPSILON;
    const unit: NoteValue = third ? 1 / 3 : fraction % 0.5 > EPSILON ? 0.25 : 0.5;
    while (position - Math.floor(position + EPSILON) > EPSILON) {
      rests.push({ kind: 'rest', beats: unit });
      position += unit;
    }
    position = Math.round(position);
  }
  if (position === 0 && beatsPerBar === 4) return [{ kind: 'rest', beats: 4 }];
  while (position < beatsPerBar - EPSILON) {
    const half = beatsPerBar === 4 && position % 2 === 0;
    rests.push({ kind: 'rest', beats: half ? 2 : 1 });
    position += half ? 2 : 1;
  }
  return rests;
}

export interface PhraseOptions {
  /** Notes per beat. */
  subdivision: Subdivision;
  beatsPerBar: number;
  /** Slur every note into the next (lip slurs); false = tongued (each note attacked). */
  slurred: boolean;
  /** Hold the last note this many beats (default: one note value). */
  lastNoteBeats?: NoteValue;
  /** Whole bars of rest after the phrase (a breath between series), 0.. (default 0). */
  restBars?: number;
  /** Bars already filled before this phrase: phrases always start on a bar line. */
}

/**
 * One phrase as music: the notes at `subdivision` per beat from a bar line, the last held for
 * `lastNoteBeats`, the bar completed with rests, a breath mark at its end, then `restBars` of rest.
 */
export function phrase<N extends ScaleNote>(
  notes: readonly N[],
  options: PhraseOptions,
): PassageEvent<N>[] {
  const { subdivision, beatsPerBar } = options;
  if (![1, 2, 3, 4].includes(subdivision)) {
    throw new Error(`subdivision must be 1, 2, 3 or 4 notes per beat, got ${subdivision}.`);
  }
  if (notes.length === 0) return [];
  const value = 1 / subdivision;
  const events: PassageEvent<N>[] = [];
  let position = 0;
  notes.forEach((note, i) => {
    const last = i === notes.length - 1;
    let beats: NoteValue = last ? (options.lastNoteBeats ?? value) : value;
    // A held last note never crosses the bar line: shorten it to what the bar has left.
    const left = beatsPerBar - (position % beatsPerBar);
    if (beats > left + EPSILON) {
      beats = [...NOTE_VALUES].find((v) => v <= left + EPSILON) ?? value;
    }
    // Held last note on an off-beat: play it as one note value (rests complete the beat).
    if (last && beats > value && Math.abs(position - Math.round(position)) > EPSILON) beats = value;
    events.push({
      kind: 'note',
      note,
      beats,
      slurToNext: options.slurred && !last,
      breathAfter: last,
    });
    position += beats;
  });
  const inBar = position % beatsPerBar;
  if (inBar > EPSILON && beatsPerBar - inBar > EPSILON) {
    events.push(...restsToBarEnd(inBar, beatsPerBar));
  }
  for (let i = 0; i < (options.restBars ?? 0); i++) events.push(...restsToBarEnd(0, beatsPerBar));
  return events;
}

/** VexFlow's key-signature name: "Eb", "F#m", "C". */
export function keySignatureName(key: KeySignature): string {
  const acc = key.accidental === 1 ? '#' : key.accidental === -1 ? 'b' : '';
  return `${key.letter}${acc}${key.minor ? 'm' : ''}`;
}

/** The bars that hold a note (a rest-only bar is nothing to loop): bar index and its notes. */
export interface NoteBar {
  /** Index into `bars(passage)`, 0-based. */
  bar: number;
  /** Indices into the passage's notes (`timedNotes`) of the notes in this bar. */
  noteIndices: number[];
}

export function noteBars(passage: Passage): NoteBar[] {
  const out: NoteBar[] = [];
  let noteIndex = 0;
  bars(passage).forEach((eventIndices, bar) => {
    const noteIndices: number[] = [];
    for (const e of eventIndices)
      if (passage.events[e].kind === 'note') noteIndices.push(noteIndex++);
    if (noteIndices.length > 0) out.push({ bar, noteIndices });
  });
  return out;
}

export const LOOP_REPEATS_RANGE = { min: 1, max: 16 } as const;

/**
 * One bar of a passage played `repeats` times in a row ("loop this bar"): the bar's notes and
 * rests as written, a breath mark at the end of each time round, and no slur carried across the
 * bar line (the bar's last note is not slurred into the repeat, nor the first into what came
 * before it in the piece: each time round starts with a tongued note).
 */
export function loopBarPassage<N extends ScaleNote>(
  passage: Passage<N>,
  bar: number,
  repeats: number,
): Passage<N> {
  const all = bars(passage);
  if (!Number.isInteger(bar) || bar < 0 || bar >= all.length) {
    throw new RangeError(`bar must be a whole number from 0 to ${all.length - 1}, got ${bar}.`);
  }
  const { min, max } = LOOP_REPEATS_RANGE;
  if (!Number.isInteger(repeats) || repeats < min || repeats > max) {
    throw new RangeError(`repeats must be a whole number from ${min} to ${max}, got ${repeats}.`);
  }
  const events = all[bar].map((i) => passage.events[i]);
  const lastNote = events.map((e) => e.kind).lastIndexOf('note');
  if (lastNote < 0) throw new RangeError(`Bar ${bar + 1} has no note to loop.`);
  const once: PassageEvent<N>[] = events.map((event, i) =>
    event.kind === 'note' && i === lastNote
      ? { ...event, slurToNext: false, breathAfter: true }
      : { ...event },
  );
  return {
    beatsPerBar: passage.beatsPerBar,
    key: passage.key,
    events: Array.from({ length: repeats }, () => once.map((e) => ({ ...e }))).flat(),
  };
}
