/**
 * Readers of single MusicXML elements (MusicXML 4.0 reference): a note's `<pitch>`, `<key>`,
 * `<time>`, `<clef>`, `<transpose>`, `<metronome>` and an `<ending>`'s numbers.
 */
import type { Accidental, Letter, SpelledNote } from '../theory/notes';
import { ScoreReadError } from './score-read-error';
import type { KeySignature, ScoreClef, ScoreTransposition, TimeSignature } from './score-model';
import { child, childNumber, childrenNamed, childText, type XmlElement } from './xml-tree';

const LETTERS_SET: ReadonlySet<string> = new Set(['C', 'D', 'E', 'F', 'G', 'A', 'B']);

export function readPitch(note: XmlElement, where: string): SpelledNote {
  const pitch = child(note, 'pitch');
  const step = pitch === undefined ? undefined : childText(pitch, 'step');
  const octave = pitch === undefined ? undefined : childNumber(pitch, 'octave');
  const alter = Math.round(pitch === undefined ? 0 : (childNumber(pitch, 'alter') ?? 0));
  if (step === undefined || !LETTERS_SET.has(step) || octave === undefined) {
    throw new ScoreReadError(`${where}: a note has no readable pitch (step and octave).`);
  }
  if (!Number.isInteger(octave) || alter < -2 || alter > 2) {
    throw new ScoreReadError(`${where}: a note's pitch is out of range.`);
  }
  return { letter: step as Letter, accidental: alter as Accidental, octave };
}

export function readKey(key: XmlElement): KeySignature | null {
  const fifths = childNumber(key, 'fifths');
  if (fifths === undefined || !Number.isInteger(fifths) || Math.abs(fifths) > 7) return null;
  const mode = childText(key, 'mode');
  return { fifths, mode: mode === 'minor' || mode === 'aeolian' ? 'minor' : 'major' };
}

/**
 * A `<clef>` of the part's first staff (its `number` absent or 1), or null: a percussion or tab
 * clef, another staff's, or a line outside the staff. MusicXML's default lines: G 2, F 4, C 3.
 */
export function readClef(clef: XmlElement): ScoreClef | null {
  if (clef.attrs.number !== undefined && clef.attrs.number !== '1') return null;
  const sign = childText(clef, 'sign')?.trim();
  if (sign !== 'G' && sign !== 'F' && sign !== 'C') return null;
  const line = childNumber(clef, 'line') ?? { G: 2, F: 4, C: 3 }[sign];
  if (!Number.isInteger(line) || line < 1 || line > 5) return null;
  return { sign, line };
}

export function readTime(time: XmlElement): TimeSignature | null {
  const beatsTexts = childrenNamed(time, 'beats').map((b) => b.text.trim());
  const beatType = childNumber(time, 'beat-type');
  if (beatsTexts.length === 0 || beatType === undefined || !(beatType > 0)) return null;
  // Composite signatures (3/8+2/4) are read as their first pair; "2+2+3" groups one pair.
  const groups = beatsTexts[0].split('+').map((g) => Number(g.trim()));
  if (groups.some((g) => !Number.isInteger(g) || g <= 0)) return null;
  const beats = groups.reduce((sum, g) => sum + g, 0);
  return groups.length > 1 ? { beats, beatType, groups } : { beats, beatType };
}

export function readTranspose(transpose: XmlElement): ScoreTransposition {
  const octaves =
    (childNumber(transpose, 'octave-change') ?? 0) - (child(transpose, 'double') ? 1 : 0);
  return {
    semitones: (childNumber(transpose, 'chromatic') ?? 0) + 12 * octaves,
    letters: (childNumber(transpose, 'diatonic') ?? 0) + 7 * octaves,
  };
}

const BEAT_UNIT_QUARTERS: Readonly<Record<string, number>> = {
  long: 16,
  breve: 8,
  whole: 4,
  half: 2,
  quarter: 1,
  eighth: 0.5,
  '16th': 0.25,
  '32nd': 0.125,
};

/** Quarter notes per minute of a `<metronome>` (a dotted quarter = 60 is 90), or null. */
export function metronomeQpm(metronome: XmlElement): number | null {
  const units = childrenNamed(metronome, 'beat-unit');
  const perMinute = Number(/\d+(\.\d+)?/.exec(childText(metronome, 'per-minute') ?? '')?.[0]);
  if (units.length !== 1 || !(perMinute > 0)) return null; // metric modulation: no number
  let quarters = BEAT_UNIT_QUARTERS[units[0].text.trim()] ?? 0;
  let dot = quarters / 2;
  for (let i = childrenNamed(metronome, 'beat-unit-dot').length; i > 0; i--, dot /= 2)
    quarters += dot;
  return quarters > 0 ? perMinute * quarters : null;
}

/** Most passes an ending range ("1-3", written by some programs) is expanded to. */
const MAX_ENDING_NUMBER = 100;

/** The passes an `<ending number>` names: "1", "1, 2", "1. 2." or a range "1-3". */
export function endingNumbers(text: string | undefined): number[] {
  return (text ?? '').split(/[\s,.]+/).flatMap((t) => {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(t);
    if (range === null) return /^\d+$/.test(t) ? [Number(t)] : [];
    const from = Number(range[1]);
    const to = Math.min(Number(range[2]), MAX_ENDING_NUMBER);
    return Array.from({ length: Math.max(0, to - from + 1) }, (_v, i) => from + i);
  });
}
