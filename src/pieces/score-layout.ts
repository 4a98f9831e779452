/**
 * An imported part as drawable bars: each measure of the score (performance order, so the cursor
 * and the verdicts map one to one onto what is drawn) as notes and rests with written values, and
 * the bars packed into lines for a phone's width. Pure (no VexFlow, no DOM): unit-tested.
 *
 * A note that sounds past its bar line (a tie the reader merged) is drawn up to the bar line and
 * continued, tied, in the next bar, as the part was written.
 */
import {
  TREBLE_CLEF,
  type Score,
  type ScoreClef,
  type ScoreKeySignature,
  type ScoreTimeSignature,
  type SpelledNote,
} from '../music';

/** One drawn note value: VexFlow duration code ('q', '8', 'h') and dots. */
export interface DrawnValue {
  readonly code: string;
  readonly dots: number;
  /** Written length, quarter notes. */
  readonly quarters: number;
  /** Part of a triplet (3 in the time of 2): drawn with a '3'. */
  readonly triplet: boolean;
}

export interface DrawnEvent {
  readonly kind: 'note' | 'rest';
  readonly value: DrawnValue;
  /** The score note (index into `score.notes`) this is part of; -1 for a rest. */
  readonly noteIndex: number;
  readonly written: SpelledNote | null;
  /** Continues the previous event of the same note (drawn tied from it). */
  readonly tiedFromPrevious: boolean;
}

export interface DrawnBar {
  /** Index into `score.measures` (performance order). */
  readonly measureIndex: number;
  readonly number: string;
  readonly time: ScoreTimeSignature;
  readonly key: ScoreKeySignature;
  /** The time or key changes here (drawn at the start of the bar). */
  readonly showTime: boolean;
  readonly showKey: boolean;
  /** VexFlow's name of the clef in force ('treble', 'bass', 'alto', …). */
  readonly clef: string;
  /** The clef changes here (drawn at the start of the bar, also mid-line). */
  readonly showClef: boolean;
  /** The staff position a rest is drawn at in this clef (the middle line, VexFlow key). */
  readonly restKey: string;
  /** Repeat signs as printed: `|:` at its start, `:|` at its end. */
  readonly repeatStart: boolean;
  readonly repeatEnd: boolean;
  /** The label of an ending (volta) that starts here ("1.", "1, 2."), or null. */
  readonly ending: string | null;
  /** Said above the bar when the player comes back to it ("2nd time"), or null. */
  readonly again: string | null;
  readonly events: readonly DrawnEvent[];
}

/** VexFlow's clef names by MusicXML sign and line (MusicXML 4.0 `<clef>`; VexFlow's Clef types). */
const CLEF_NAMES: Readonly<Record<string, string>> = {
  G2: 'treble',
  G1: 'french',
  F4: 'bass',
  F3: 'baritone-f',
  F5: 'subbass',
  C1: 'soprano',
  C2: 'mezzo-soprano',
  C3: 'alto',
  C4: 'tenor',
  C5: 'baritone-c',
};
const LETTERS = ['c', 'd', 'e', 'f', 'g', 'a', 'b'];
/** The pitch a clef's sign names (G4, F3, C4), as a count of letter steps from C0. */
const SIGN_STEPS: Readonly<Record<ScoreClef['sign'], number>> = {
  G: 4 * 7 + 4,
  F: 3 * 7 + 3,
  C: 4 * 7,
};

/** VexFlow's clef name for a MusicXML clef (an unknown line: treble). */
export function clefName(clef: ScoreClef): string {
  return CLEF_NAMES[`${clef.sign}${clef.line}`] ?? 'treble';
}

/**
 * The middle line's pitch in a clef, as a VexFlow key: the sign's pitch sits on its line, and each
 * line is two letter steps (treble: G4 on line 2 → B4 on line 3; bass: F3 on 4 → D3).
 */
export function middleLineKey(clef: ScoreClef): string {
  const steps = SIGN_STEPS[clef.sign] + (3 - clef.line) * 2;
  return `${LETTERS[steps % 7]}/${Math.floor(steps / 7)}`;
}

const ORDINALS = ['', '1st', '2nd', '3rd'];
const againLabel = (times: number): string => `${ORDINALS[times] ?? `${times}th`} time`;

const EPSILON = 1e-6;
/** Plain values, longest first: [quarters, code]. Dotted ones are found from these. */
const PLAIN: readonly (readonly [number, string])[] = [
  [4, 'w'],
  [2, 'h'],
  [1, 'q'],
  [0.5, '8'],
  [0.25, '16'],
  [0.125, '32'],
  [0.0625, '64'],
];

/** The written values that make up `quarters` (largest first, dots where they fit). */
export function valuesFor(quarters: number): DrawnValue[] {
  const out: DrawnValue[] = [];
  let left = quarters;
  // Triplets: a length that is a plain value × 2/3 (eighth triplet = 1/3).
  for (const [q, code] of PLAIN) {
    if (Math.abs(left - (q * 2) / 3) < EPSILON) {
      return [{ code, dots: 0, quarters: left, triplet: true }];
    }
  }
  let guard = 0;
  while (left > 1 / 64 - EPSILON && guard++ < 16) {
    const plain = PLAIN.find(([q]) => q <= left + EPSILON);
    if (!plain) break;
    const [q, code] = plain;
    let dots = 0;
    let total = q;
    while (dots < 2 && total + q / 2 ** (dots + 1) <= left + EPSILON) {
      dots++;
      total += q / 2 ** dots;
    }
    out.push({ code, dots, quarters: total, triplet: false });
    left -= total;
  }
  return out;
}

function inForce<T>(list: readonly { atQuarters: number; value: T }[], at: number, fallback: T): T {
  let value = fallback;
  for (const entry of list) if (entry.atQuarters <= at + EPSILON) value = entry.value;
  return value;
}

const sameKey = (a: ScoreKeySignature, b: ScoreKeySignature): boolean =>
  a.fifths === b.fifths && a.mode === b.mode;
const sameTime = (a: ScoreTimeSignature, b: ScoreTimeSignature): boolean =>
  a.beats === b.beats && a.beatType === b.beatType;

/** Every measure of the score as drawn bars: notes cut at bar lines, rests in the gaps. */
export function drawnBars(score: Score): DrawnBar[] {
  const fallbackKey: ScoreKeySignature = { fifths: 0, mode: 'major' };
  const fallbackTime: ScoreTimeSignature = { beats: 4, beatType: 4 };
  let first = 0;
  let previousKey: ScoreKeySignature | null = null;
  let previousTime: ScoreTimeSignature | null = null;
  let previousClef: string | null = null;
  return score.measures.map((measure, measureIndex) => {
    const start = measure.startQuarters;
    const end = start + measure.durationQuarters;
    const key = inForce(score.keys, start, fallbackKey);
    const time = inForce(score.times, start, fallbackTime);
    const events: DrawnEvent[] = [];
    const rest = (quarters: number): void => {
      for (const value of valuesFor(quarters)) {
        events.push({ kind: 'rest', value, noteIndex: -1, written: null, tiedFromPrevious: false });
      }
    };
    let at = start;
    // Notes are in time order: skip those over before this bar, take those sounding in it.
    while (
      first < score.notes.length &&
      score.notes[first].startQuarters + score.notes[first].durationQuarters <= start + EPSILON
    ) {
      first++;
    }
    const sounding = [];
    for (let i = first; i < score.notes.length; i++) {
      const note = score.notes[i];
      if (note.startQuarters >= end - EPSILON) break;
      sounding.push(note);
    }
    for (const note of sounding) {
      const from = Math.max(note.startQuarters, start);
      const to = Math.min(note.startQuarters + note.durationQuarters, end);
      if (from > at + EPSILON) rest(from - at);
      valuesFor(to - from).forEach((value, k) => {
        events.push({
          kind: 'note',
          value,
          noteIndex: note.index,
          written: note.written,
          tiedFromPrevious: k > 0 || note.startQuarters < start - EPSILON,
        });
      });
      at = to;
    }
    if (end > at + EPSILON) rest(end - at);
    const clef = measure.clef ?? TREBLE_CLEF;
    const bar: DrawnBar = {
      measureIndex,
      number: measure.number,
      time,
      key,
      showTime: previousTime === null || !sameTime(previousTime, time),
      showKey: previousKey === null || !sameKey(previousKey, key),
      clef: clefName(clef),
      showClef: previousClef === null || previousClef !== clefName(clef),
      restKey: middleLineKey(clef),
      repeatStart: measure.repeatStart === true,
      repeatEnd: measure.repeatEnd === true,
      ending: measure.ending ? `${measure.ending.join(', ')}.` : null,
      again: measure.again ? againLabel(measure.again) : null,
      events,
    };
    previousKey = key;
    previousTime = time;
    previousClef = bar.clef;
    return bar;
  });
}

/** Room an event needs, px (a notehead, an accidental, some air). */
const eventPx = (e: DrawnEvent): number =>
  (e.value.quarters < 0.5 ? 22 : e.value.quarters >= 2 ? 34 : 28) +
  (e.written && e.written.accidental !== 0 ? 8 : 0);
const CLEF_PX = 38;
/** A clef change inside a line (drawn smaller). */
const CLEF_CHANGE_PX = 28;
/** A repeat sign's dots and thick line. */
const REPEAT_PX = 12;
const KEY_ACCIDENTAL_PX = 10;
const TIME_SIGNATURE_PX = 26;
const BAR_PADDING_PX = 14;

export interface ScoreLine {
  /** Indices into the bars. */
  readonly bars: readonly number[];
  /** Width of each bar on this line, px (the first includes the clef and key signature). */
  readonly widths: readonly number[];
}

/**
 * What a bar needs besides its notes: clef and key on a new line, a clef, time or key change
 * anywhere, repeat signs.
 */
function headPx(bar: DrawnBar, lineStart: boolean): number {
  const keyPx = KEY_ACCIDENTAL_PX * Math.min(7, Math.abs(bar.key.fifths));
  return (
    (lineStart
      ? CLEF_PX + keyPx
      : (bar.showKey ? keyPx : 0) + (bar.showClef ? CLEF_CHANGE_PX : 0)) +
    (bar.showTime ? TIME_SIGNATURE_PX : 0) +
    (bar.repeatStart ? REPEAT_PX : 0) +
    (bar.repeatEnd ? REPEAT_PX : 0)
  );
}

/** Bars packed into lines of at most `widthPx`, each line stretched to fill it (not a short last line). */
export function layoutScoreLines(bars: readonly DrawnBar[], widthPx: number): ScoreLine[] {
  const natural = bars.map(
    (bar) => BAR_PADDING_PX + bar.events.reduce((s, e) => s + eventPx(e), 0),
  );
  const lines: number[][] = [];
  let current: number[] = [];
  let used = 0;
  bars.forEach((bar, b) => {
    const need = headPx(bar, current.length === 0) + natural[b];
    if (current.length > 0 && used + need > widthPx) {
      lines.push(current);
      current = [];
      used = 0;
    }
    used += headPx(bar, current.length === 0) + natural[b];
    current.push(b);
  });
  if (current.length > 0) lines.push(current);
  return lines.map((line, l) => {
    const heads = line.map((b, k) => headPx(bars[b], k === 0));
    const music = line.reduce((s, b) => s + natural[b], 0);
    const room = widthPx - heads.reduce((s, h) => s + h, 0);
    const short = l === lines.length - 1 && music < room * 0.6;
    const stretch = short ? Math.min(room / music, 1.3) : room / music;
    const widths = line.map((b, k) => Math.floor(heads[k] + natural[b] * stretch));
    if (!short) {
      widths[widths.length - 1] += Math.max(
        0,
        Math.floor(widthPx) - widths.reduce((s, w) => s + w, 0),
      );
    }
    return { bars: line, widths };
  });
}
