/**
 * Reads the measures of one MusicXML part (score-partwise) in file order: the kept line's notes
 * with their offsets, attribute changes, directions and barline marks. Performance order, ties
 * and the tempo map are built from this by musicxml.ts. Positions follow the MusicXML 4.0 spec:
 * `<duration>` is in `<divisions>` per quarter note, `<chord/>` shares the previous note's start,
 * `<backup>`/`<forward>` move the cursor, grace notes take no time, cue notes take time unheard.
 */
import { spelledToMidi, type SpelledNote } from '../theory/notes';
import {
  endingNumbers,
  metronomeQpm,
  readKey,
  readClef,
  readPitch,
  readTime,
  readTranspose,
} from './musicxml-elements';
import { ScoreReadError } from './score-read-error';
import type { RepeatMarks } from './performance-order';
import type { KeySignature, ScoreClef, ScoreTransposition, TimeSignature } from './score-model';
import { child, childNumber, childrenNamed, childText, type XmlElement } from './xml-tree';

/** A sounding note of the kept line, before ties are merged. */
export interface NoteEvent {
  readonly offsetQuarters: number;
  readonly durationQuarters: number;
  readonly pitch: SpelledNote;
  readonly tieStart: boolean;
  readonly tieStop: boolean;
  /** Slur numbers started and stopped on this note (all notes of its chord). */
  readonly slurStarts: readonly string[];
  readonly slurStops: readonly string[];
}

export interface AtOffset<T> {
  readonly offsetQuarters: number;
  readonly value: T;
}

export interface ReadMeasure extends RepeatMarks {
  /** As printed: the `text` attribute (MusicXML 4.0) or `number`. */
  readonly number: string;
  readonly implicit: boolean;
  /** How far the measure's content reaches, quarter notes (0 when it holds nothing). */
  readonly contentQuarters: number;
  readonly notes: readonly NoteEvent[];
  readonly keys: readonly AtOffset<KeySignature>[];
  readonly times: readonly AtOffset<TimeSignature>[];
  readonly tempos: readonly AtOffset<number>[];
  readonly transposition: ScoreTransposition | null;
  /** Clefs of the part's (first) staff set in this measure. */
  readonly clefs: readonly AtOffset<ScoreClef>[];
  /** Jump instructions written only as words ("D.C. al Fine") without playback marks. */
  readonly jumpWords: readonly string[];
  readonly simplified: Readonly<{
    chords: boolean;
    otherVoices: boolean;
    grace: boolean;
    cue: boolean;
    unpitched: boolean;
  }>;
}

const JUMP_WORDS = /\bD\.\s?[CS]\.|\b(da capo|dal segno|to coda|fine)\b/i;

function printedNumber(measure: XmlElement, fileIndex: number): string {
  return measure.attrs.text ?? measure.attrs.number ?? String(fileIndex + 1);
}

/** Which voice of staff 1 to keep: "1" when present (or voices are unnamed), else the lowest. */
export function keptVoice(part: XmlElement): string {
  const voices = new Set<string>();
  for (const measure of childrenNamed(part, 'measure')) {
    for (const note of childrenNamed(measure, 'note')) {
      if ((childText(note, 'staff') ?? '1') !== '1') continue;
      voices.add(childText(note, 'voice') ?? '1');
    }
  }
  if (voices.size === 0 || voices.has('1')) return '1';
  return [...voices].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))[0];
}

/** Read every measure of a part. `voice` is the voice kept (see keptVoice). */
export function readMeasures(part: XmlElement, voice: string): ReadMeasure[] {
  let divisions = 1;
  return childrenNamed(part, 'measure').map((measure, fileIndex) => {
    const number = printedNumber(measure, fileIndex);
    const where = `Measure ${number}`;
    let cursor = 0;
    let extent = 0;
    let lastStart = 0;
    const raw: (NoteEvent & { midi: number })[] = [];
    const keys: AtOffset<KeySignature>[] = [];
    const times: AtOffset<TimeSignature>[] = [];
    const tempos: AtOffset<number>[] = [];
    let transposition: ScoreTransposition | null = null;
    const clefs: AtOffset<ScoreClef>[] = [];
    let forwardRepeat = false;
    let backwardRepeatTimes: number | null = null;
    let endingStart: number[] | null = null;
    let endingEnd = false;
    const jumps = {
      segno: false,
      coda: false,
      toCoda: false,
      daCapo: false,
      dalSegno: false,
      fine: false,
    };
    const jumpWords: string[] = [];
    const simplified = {
      chords: false,
      otherVoices: false,
      grace: false,
      cue: false,
      unpitched: false,
    };
    const quartersOf = (element: XmlElement): number => {
      const duration = childNumber(element, 'duration');
      if (duration === undefined || duration < 0) {
        throw new ScoreReadError(`${where}: a <${element.name}> has no duration.`);
      }
      return duration / divisions;
    };
    const readSound = (sound: XmlElement): void => {
      const tempo = Number(sound.attrs.tempo);
      if (sound.attrs.tempo !== undefined && tempo > 0)
        tempos.push({ offsetQuarters: cursor, value: tempo });
      if (sound.attrs.segno !== undefined) jumps.segno = true;
      if (sound.attrs.coda !== undefined) jumps.coda = true;
      if (sound.attrs.tocoda !== undefined) jumps.toCoda = true;
      if (sound.attrs.dacapo === 'yes') jumps.daCapo = true;
      if (sound.attrs.dalsegno !== undefined) jumps.dalSegno = true;
      if (sound.attrs.fine !== undefined) jumps.fine = true;
    };

    for (const element of measure.children) {
      switch (element.name) {
        case 'attributes': {
          const newDivisions = childNumber(element, 'divisions');
          if (newDivisions !== undefined && newDivisions > 0) divisions = newDivisions;
          const key = child(element, 'key');
          const keyValue = key === undefined ? null : readKey(key);
          if (keyValue !== null) keys.push({ offsetQuarters: cursor, value: keyValue });
          const time = child(element, 'time');
          const timeValue = time === undefined ? null : readTime(time);
          if (timeValue !== null) times.push({ offsetQuarters: cursor, value: timeValue });
          const transpose = child(element, 'transpose');
          if (transpose !== undefined && transposition === null)
            transposition = readTranspose(transpose);
          for (const clef of childrenNamed(element, 'clef')) {
            const value = readClef(clef);
            if (value !== null) clefs.push({ offsetQuarters: cursor, value });
          }
          break;
        }
        case 'backup':
          cursor = Math.max(0, cursor - quartersOf(element));
          break;
        case 'forward':
          cursor += quartersOf(element);
          extent = Math.max(extent, cursor);
          break;
        case 'sound':
          readSound(element);
          break;
        case 'direction': {
          const sound = child(element, 'sound');
          if (sound !== undefined) readSound(sound);
          for (const type of childrenNamed(element, 'direction-type')) {
            const metronome = child(type, 'metronome');
            const qpm = metronome === undefined ? null : metronomeQpm(metronome);
            if (qpm !== null && sound?.attrs.tempo === undefined) {
              tempos.push({ offsetQuarters: cursor, value: qpm });
            }
            for (const words of childrenNamed(type, 'words')) {
              if (JUMP_WORDS.test(words.text)) jumpWords.push(words.text.trim());
            }
          }
          break;
        }
        case 'barline': {
          const repeat = child(element, 'repeat');
          if (repeat?.attrs.direction === 'forward') forwardRepeat = true;
          if (repeat?.attrs.direction === 'backward') {
            const times = Number(repeat.attrs.times ?? '2');
            backwardRepeatTimes = Number.isInteger(times) && times >= 1 ? times : 2;
          }
          const ending = child(element, 'ending');
          if (ending?.attrs.type === 'start') endingStart = endingNumbers(ending.attrs.number);
          if (ending?.attrs.type === 'stop' || ending?.attrs.type === 'discontinue')
            endingEnd = true;
          const sound = child(element, 'sound');
          if (sound !== undefined) readSound(sound);
          break;
        }
        case 'note': {
          const isChord = child(element, 'chord') !== undefined;
          if (child(element, 'grace') !== undefined) {
            simplified.grace = true;
            break;
          }
          const duration = quartersOf(element);
          const start = isChord ? lastStart : cursor;
          if (!isChord) {
            lastStart = cursor;
            cursor += duration;
            extent = Math.max(extent, cursor);
          }
          const staff = childText(element, 'staff') ?? '1';
          if (staff !== '1' || (childText(element, 'voice') ?? '1') !== voice) {
            if (child(element, 'rest') === undefined) simplified.otherVoices = true;
            break;
          }
          if (child(element, 'rest') !== undefined) break;
          if (child(element, 'cue') !== undefined) {
            simplified.cue = true;
            break;
          }
          if (child(element, 'pitch') === undefined) {
            simplified.unpitched = true;
            break;
          }
          const pitch = readPitch(element, where);
          const ties = childrenNamed(element, 'tie');
          const notations = childrenNamed(element, 'notations');
          const tied = notations.flatMap((n) => childrenNamed(n, 'tied'));
          // <tie> is the sound; <tied> the drawing, used only when a file omits <tie>.
          const tieTypes = (ties.length > 0 ? ties : tied).map((t) => t.attrs.type);
          const slurs = notations.flatMap((n) => childrenNamed(n, 'slur'));
          const slurNumbers = (type: string): string[] =>
            slurs.filter((s) => s.attrs.type === type).map((s) => s.attrs.number ?? '1');
          const event = {
            offsetQuarters: start,
            durationQuarters: duration,
            pitch,
            midi: spelledToMidi(pitch),
            tieStart: tieTypes.includes('start') || tieTypes.includes('continue'),
            tieStop: tieTypes.includes('stop') || tieTypes.includes('continue'),
            slurStarts: slurNumbers('start'),
            slurStops: slurNumbers('stop'),
          };
          const previous = raw.at(-1);
          if (previous !== undefined && Math.abs(previous.offsetQuarters - start) < 1e-9) {
            // A chord in the kept voice: keep the top note, gather the slur marks on it.
            simplified.chords = true;
            const top = event.midi > previous.midi ? event : previous;
            raw[raw.length - 1] = {
              ...top,
              slurStarts: [...previous.slurStarts, ...event.slurStarts],
              slurStops: [...previous.slurStops, ...event.slurStops],
            };
          } else {
            raw.push(event);
          }
          break;
        }
        default:
          break;
      }
    }
    const notes = raw
      .map(({ midi: _midi, ...note }) => note)
      .sort((a, b) => a.offsetQuarters - b.offsetQuarters);
    return {
      number,
      implicit: measure.attrs.implicit === 'yes',
      contentQuarters: extent,
      notes,
      keys,
      times,
      tempos,
      transposition,
      clefs,
      forwardRepeat,
      backwardRepeatTimes,
      endingStart,
      endingEnd,
      jumps,
      jumpWords,
      simplified,
    };
  });
}
