/**
 * An exercise's passage as a score, so the one assessor judges generated exercises exactly as it
 * judges an imported part (issue 21: "every exercise is a score"). The beat of a passage is a
 * quarter note (notation.ts), so its tempo is the score's quarter-note tempo. Pure.
 */
import type { Passage } from '../theory/notation';
import { spelledNoteName } from '../theory/notes';
import type { ScaleNote } from '../theory/scales';
import type { ValveCombo } from '../theory/fingerings';
import { scoreFromLine, type LineItem } from '../score/score-build';
import type { Score } from '../score/score-model';
import { getInstrument, type InstrumentId } from '../theory/transposition';
import { signatureOfKey } from './key-spelling';

export interface PassageNoteAim extends ScaleNote {
  /** Aimed this far from equal temperament, cents (a lip slur's 7th partial: about −31). */
  readonly naturalCents?: number;
  /** The valves the exercise asks for (a lip slur's series). */
  readonly combo?: ValveCombo;
}

export function scoreFromPassage<N extends PassageNoteAim>(
  passage: Passage<N>,
  options: {
    readonly tempoBpm: number;
    readonly instrument: InstrumentId;
    readonly title?: string;
  },
): Score {
  const items: LineItem[] = [];
  const aims: (number | undefined)[] = [];
  const valves: (ValveCombo | null | undefined)[] = [];
  let slurNext = false;
  for (const event of passage.events) {
    if (event.kind === 'rest') {
      items.push([null, event.beats]);
      slurNext = false;
      continue;
    }
    items.push([spelledNoteName(event.note, true), event.beats, slurNext]);
    aims.push(event.note.naturalCents);
    // A 7th partial is aimed where the horn puts it: no valve advice (the rows' rule too).
    valves.push(event.note.naturalCents !== undefined ? null : event.note.combo);
    slurNext = event.slurToNext === true;
  }
  const instrument = getInstrument(options.instrument);
  const score = scoreFromLine(items, {
    title: options.title,
    partName: instrument.name,
    key: passage.key ? signatureOfKey(passage.key) : { fifths: 0, mode: 'major' },
    time: { beats: passage.beatsPerBar, beatType: 4 },
    qpm: options.tempoBpm,
    transposition: {
      semitones: instrument.concertOffsetSemitones,
      letters: instrument.concertOffsetLetters,
    },
  });
  return {
    ...score,
    notes: score.notes.map((note, i) => ({
      ...note,
      ...(aims[i] === undefined ? {} : { aimCents: aims[i] }),
      ...(valves[i] === undefined ? {} : { valves: valves[i] }),
    })),
  };
}
