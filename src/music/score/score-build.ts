/**
 * Building a score from a line of written notes and rests, as generated exercises, tests and the
 * assessor's bench do: measures filled by the time signature (a note crossing a bar line is kept
 * whole; the MusicXML writer ties it across), times from the tempo. Pure.
 */
import { parseSpelledNote, type SpelledNote } from '../theory/notes';
import {
  DEFAULT_TEMPO_QPM,
  type KeySignature,
  type Score,
  type ScoreMeasure,
  type ScoreNote,
  type ScoreTransposition,
  type TimeSignature,
} from './score-model';

/** A written note ("F#4", "Bb4", "C♯5") or a rest (null), and its length in quarter notes. */
export type LineItem = readonly [name: string | null, quarters: number, slurred?: boolean];

export interface LineScoreOptions {
  readonly title?: string;
  readonly partName?: string;
  readonly key?: KeySignature;
  readonly time?: TimeSignature;
  readonly qpm?: number;
  /** Concert minus written (default: a B♭ trumpet part, −2 semitones, −1 letter). */
  readonly transposition?: ScoreTransposition;
  /** Quarter notes of a pickup before the first full bar (0: none). */
  readonly pickupQuarters?: number;
}

export function scoreFromLine(items: readonly LineItem[], options: LineScoreOptions = {}): Score {
  const qpm = options.qpm ?? DEFAULT_TEMPO_QPM;
  if (!(qpm >= 20 && qpm <= 400)) throw new RangeError(`qpm must be 20..400, got ${String(qpm)}`);
  const time = options.time ?? { beats: 4, beatType: 4 };
  const barQuarters = (time.beats * 4) / time.beatType;
  const msPerQuarter = 60000 / qpm;
  const pickup = options.pickupQuarters ?? 0;
  const notes: ScoreNote[] = [];
  let at = 0;
  const barOf = (q: number): number =>
    pickup > 0
      ? q < pickup - 1e-9
        ? 0
        : 1 + Math.floor((q - pickup + 1e-9) / barQuarters)
      : Math.floor((q + 1e-9) / barQuarters);
  for (const [name, quarters, slurred] of items) {
    if (!(quarters > 0))
      throw new RangeError(`a note's length must be positive, got ${String(quarters)}`);
    if (name !== null) {
      const written: SpelledNote | null = parseSpelledNote(name);
      if (!written) throw new RangeError(`not a note name: ${name}`);
      const measureIndex = barOf(at);
      notes.push({
        index: notes.length,
        measure: String(pickup > 0 ? measureIndex : measureIndex + 1),
        measureIndex,
        written,
        startQuarters: at,
        durationQuarters: quarters,
        startMs: at * msPerQuarter,
        durationMs: quarters * msPerQuarter,
        slurredFromPrevious: slurred === true && notes.length > 0,
      });
    }
    at += quarters;
  }
  const measures: ScoreMeasure[] = [];
  let start = 0;
  for (let m = 0; start < at - 1e-9; m++) {
    const length = m === 0 && pickup > 0 ? pickup : barQuarters;
    measures.push({
      number: String(pickup > 0 ? m : m + 1),
      startQuarters: start,
      durationQuarters: length,
      pickup: m === 0 && pickup > 0,
    });
    start += length;
  }
  return {
    title: options.title ?? '',
    partName: options.partName ?? 'Trumpet in B♭',
    transposition: options.transposition ?? { semitones: -2, letters: -1 },
    keys: [{ atQuarters: 0, value: options.key ?? { fifths: 0, mode: 'major' } }],
    times: [{ atQuarters: 0, value: time }],
    tempos: [{ atQuarters: 0, value: qpm }],
    measures,
    notes,
    lengthQuarters: start,
    lengthMs: start * msPerQuarter,
    notices: [],
  };
}
