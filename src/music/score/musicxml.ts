/**
 * MusicXML (3.x/4.0, score-partwise; score-timewise is converted) → the app's Score: one part's
 * top line in performance order, ties merged, slurs as `slurredFromPrevious`, timed by the
 * file's tempo marks. What is simplified is said in `Score.notices`; what cannot be read throws a
 * ScoreReadError with a one-line reason.
 */
import { spelledToMidi } from '../theory/notes';
import { keptVoice, readMeasures, type NoteEvent, type ReadMeasure } from './musicxml-measures';
import { simplificationNotices } from './musicxml-notices';
import { performanceOrder } from './performance-order';
import { ScoreReadError } from './score-read-error';
import { partInfos, readDocument } from './musicxml-document';
import {
  DEFAULT_TEMPO_QPM,
  type FromQuarter,
  type KeySignature,
  type Score,
  type ScoreClef,
  type ScoreMeasure,
  TREBLE_CLEF,
  type ScoreNote,
  type TempoQpm,
  type TimeSignature,
} from './score-model';
import { quartersToMs } from './tempo-map';
import { child, childrenNamed, childText } from './xml-tree';

export { listParts, type ScorePartInfo } from './musicxml-document';

export interface ParseMusicXmlOptions {
  /** The `<score-part id>` to read; default the first part. */
  readonly partId?: string;
}

const EPSILON = 1e-9;
const DEFAULT_KEY: KeySignature = { fifths: 0, mode: 'major' };
const DEFAULT_TIME: TimeSignature = { beats: 4, beatType: 4 };

/** Appends `value` at `atQuarters` unless it repeats what is in force; same position: replace. */
function pushChange<T>(
  list: FromQuarter<T>[],
  atQuarters: number,
  value: T,
  same: (a: T, b: T) => boolean,
): void {
  const last = list.at(-1);
  if (last !== undefined && Math.abs(last.atQuarters - atQuarters) < EPSILON) {
    list.pop();
    const before = list.at(-1);
    if (before !== undefined && same(before.value, value)) return;
  } else if (last !== undefined && same(last.value, value)) {
    return;
  }
  list.push({ atQuarters, value });
}

const sameKey = (a: KeySignature, b: KeySignature): boolean =>
  a.fifths === b.fifths && a.mode === b.mode;
const sameTime = (a: TimeSignature, b: TimeSignature): boolean =>
  a.beats === b.beats &&
  a.beatType === b.beatType &&
  (a.groups ?? []).join('+') === (b.groups ?? []).join('+');
const sameTempo = (a: number, b: number): boolean => a === b;

/** What is in force at the start of each measure, in file order. */
interface InForce {
  readonly key: KeySignature;
  readonly time: TimeSignature;
  readonly tempo: TempoQpm | null;
  readonly clef: ScoreClef;
}

function inForceAtStarts(measures: readonly ReadMeasure[]): InForce[] {
  let state: InForce = { key: DEFAULT_KEY, time: DEFAULT_TIME, tempo: null, clef: TREBLE_CLEF };
  return measures.map((m) => {
    const atStart = state;
    state = {
      key: m.keys.at(-1)?.value ?? state.key,
      time: m.times.at(-1)?.value ?? state.time,
      tempo: m.tempos.at(-1)?.value ?? state.tempo,
      clef: m.clefs.at(-1)?.value ?? state.clef,
    };
    // Changes at the measure's very start are in force for it.
    return {
      key: m.keys.find((k) => k.offsetQuarters < EPSILON)?.value ?? atStart.key,
      time: m.times.find((t) => t.offsetQuarters < EPSILON)?.value ?? atStart.time,
      tempo: m.tempos.find((t) => t.offsetQuarters < EPSILON)?.value ?? atStart.tempo,
      // A clef changed inside a bar is drawn from the next one (the pitches are the same).
      clef: m.clefs.find((c) => c.offsetQuarters < EPSILON)?.value ?? atStart.clef,
    };
  });
}

/** What the part prints at a measure (score-model.ts `ScoreMeasure`), only what is there. */
function measureMarks(
  m: ReadMeasure,
  clef: ScoreClef,
  again: number | null,
): Pick<ScoreMeasure, 'clef' | 'repeatStart' | 'repeatEnd' | 'ending' | 'again'> {
  return {
    ...(clef.sign === 'G' && clef.line === 2 ? {} : { clef }),
    ...(m.forwardRepeat ? { repeatStart: true } : {}),
    ...(m.backwardRepeatTimes !== null ? { repeatEnd: true } : {}),
    ...(m.endingStart !== null && m.endingStart.length > 0 ? { ending: m.endingStart } : {}),
    ...(again !== null ? { again } : {}),
  };
}

function measureLength(m: ReadMeasure, nominal: number, isEdge: boolean): number {
  if (m.contentQuarters < EPSILON) return nominal;
  // A short measure inside the piece is an incomplete voice, filled with silence.
  if (m.contentQuarters < nominal - EPSILON && !m.implicit && !isEdge) return nominal;
  return m.contentQuarters;
}

interface OpenNote {
  event: NoteEvent;
  measure: string;
  measureIndex: number;
  startQuarters: number;
  endQuarters: number;
  tieOpen: boolean;
  slurredFromPrevious: boolean;
}

/** Read one part of a MusicXML document into a Score in performance order. */
export function parseMusicXml(text: string, options: ParseMusicXmlOptions = {}): Score {
  const root = readDocument(text);
  const parts = childrenNamed(root, 'part');
  const infos = partInfos(root);
  if (parts.length === 0) throw new ScoreReadError('This score has no parts.');
  let partIndex = 0;
  if (options.partId !== undefined) {
    partIndex = infos.findIndex((p) => p.id === options.partId);
    if (partIndex < 0) {
      throw new ScoreReadError(
        `This score has no part "${String(options.partId)}"; its parts are ${infos.map((p) => `"${p.id}"`).join(', ')}.`,
      );
    }
  }
  const part = parts[partIndex];
  const partName = infos[partIndex].name;
  const voice = keptVoice(part);
  const measures = readMeasures(part, voice);
  const forces = inForceAtStarts(measures);
  const transposition = measures.find((m) => m.transposition !== null)?.transposition ?? {
    semitones: 0,
    letters: 0,
  };
  const lengths = measures.map((m, i) => {
    const time = forces[i].time;
    const nominal = (time.beats * 4) / time.beatType;
    return measureLength(m, nominal, i === 0 || i === measures.length - 1);
  });
  const first = measures.at(0);
  const firstNominal = forces.length > 0 ? (forces[0].time.beats * 4) / forces[0].time.beatType : 0;
  const hasPickup =
    first !== undefined &&
    measures.length > 1 &&
    (first.implicit ||
      (first.contentQuarters > EPSILON && first.contentQuarters < firstNominal - EPSILON));

  const order = performanceOrder(measures);
  const scoreMeasures: ScoreMeasure[] = [];
  const keys: FromQuarter<KeySignature>[] = [];
  const times: FromQuarter<TimeSignature>[] = [];
  let tempos: FromQuarter<TempoQpm>[] = [];
  const events: OpenNote[] = [];
  let at = 0;
  const timesPlayed = new Map<number, number>();
  order.forEach((fileIndex, measureIndex) => {
    const m = measures[fileIndex];
    const force = forces[fileIndex];
    const played = (timesPlayed.get(fileIndex) ?? 0) + 1;
    timesPlayed.set(fileIndex, played);
    // Come back to (a repeat, D.C., D.S.): the order goes back in the file.
    const back = measureIndex > 0 && fileIndex <= order[measureIndex - 1];
    scoreMeasures.push({
      number: m.number,
      startQuarters: at,
      durationQuarters: lengths[fileIndex],
      pickup: hasPickup && measureIndex === 0 && fileIndex === 0,
      ...measureMarks(m, force.clef, back ? played : null),
    });
    pushChange(keys, at, force.key, sameKey);
    pushChange(times, at, force.time, sameTime);
    if (force.tempo !== null) pushChange(tempos, at, force.tempo, sameTempo);
    for (const k of m.keys) pushChange(keys, at + k.offsetQuarters, k.value, sameKey);
    for (const t of m.times) pushChange(times, at + t.offsetQuarters, t.value, sameTime);
    for (const t of m.tempos) pushChange(tempos, at + t.offsetQuarters, t.value, sameTempo);
    for (const event of m.notes) {
      const startQuarters = at + event.offsetQuarters;
      events.push({
        event,
        measure: m.number,
        measureIndex,
        startQuarters,
        endQuarters: startQuarters + event.durationQuarters,
        tieOpen: event.tieStart,
        slurredFromPrevious: false,
      });
    }
    at += lengths[fileIndex];
  });
  const lengthQuarters = at;
  const readerNotices: string[] = [];
  // "Trumpet in B♭" with no <transpose>: the file says its notes are concert pitch; say so.
  const namedKey = /\bin\s+([A-G](?:b|♭|#|♯)?)\b/u.exec(partName)?.[1];
  if (
    namedKey !== undefined &&
    !/^C$/.test(namedKey) &&
    measures.every((m) => m.transposition === null)
  ) {
    readerNotices.push(
      `The part is named "${partName}" but the file gives no transposition, so its notes are read as concert pitch`,
    );
  }

  // A tempo marked over the first full measure is the piece's tempo, pickup included.
  const pickupQuarters = scoreMeasures[0]?.pickup ? scoreMeasures[0].durationQuarters : 0;
  if (tempos.length > 0 && tempos[0].atQuarters <= pickupQuarters + EPSILON) {
    tempos[0] = { atQuarters: 0, value: tempos[0].value };
  } else {
    readerNotices.push(
      tempos.length === 0
        ? `No tempo is marked, so the piece is timed at ♩ = ${String(DEFAULT_TEMPO_QPM)}`
        : `No tempo is marked at the start, so it begins at ♩ = ${String(DEFAULT_TEMPO_QPM)}`,
    );
    tempos = [{ atQuarters: 0, value: DEFAULT_TEMPO_QPM }, ...tempos];
  }

  // Ties merge into one sounding note; a slur joins notes that follow without a gap.
  const merged: OpenNote[] = [];
  const openSlurs = new Set<string>();
  for (const note of events) {
    const previous = merged.at(-1);
    const contiguous =
      previous !== undefined && Math.abs(previous.endQuarters - note.startQuarters) < EPSILON;
    if (
      previous !== undefined &&
      contiguous &&
      note.event.tieStop &&
      previous.tieOpen &&
      spelledToMidi(previous.event.pitch) === spelledToMidi(note.event.pitch)
    ) {
      previous.endQuarters = note.endQuarters;
      previous.tieOpen = note.event.tieStart;
    } else {
      merged.push({ ...note, slurredFromPrevious: contiguous && openSlurs.size > 0 });
    }
    for (const number of note.event.slurStops) openSlurs.delete(number);
    for (const number of note.event.slurStarts) openSlurs.add(number);
  }
  if (merged.length === 0) {
    throw new ScoreReadError(`The part "${partName}" has no notes to play (an empty score).`);
  }
  const notes: ScoreNote[] = merged.map((note, index) => {
    const startMs = quartersToMs(tempos, note.startQuarters);
    return {
      index,
      measure: note.measure,
      measureIndex: note.measureIndex,
      written: note.event.pitch,
      startQuarters: note.startQuarters,
      durationQuarters: note.endQuarters - note.startQuarters,
      startMs,
      durationMs: quartersToMs(tempos, note.endQuarters) - startMs,
      slurredFromPrevious: note.slurredFromPrevious,
    };
  });
  const work = child(root, 'work');
  const title =
    (work === undefined ? undefined : childText(work, 'work-title')) ||
    childText(root, 'movement-title') ||
    '';
  return {
    title,
    partName,
    transposition,
    keys,
    times,
    tempos,
    measures: scoreMeasures,
    notes,
    lengthQuarters,
    lengthMs: quartersToMs(tempos, lengthQuarters),
    notices: [...simplificationNotices(measures, voice, transposition), ...readerNotices],
  };
}
