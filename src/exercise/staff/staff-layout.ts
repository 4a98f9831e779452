/**
 * Where the bars of a passage go on a phone screen: how many bars per line, and how wide each bar
 * is. Pure (no VexFlow, no DOM), so the line breaks are unit-tested.
 */
import { bars, type Passage } from '../../music';

/** Room a note or rest needs, px (a notehead, its accidental and some air). */
const EVENT_PX: Readonly<Record<string, number>> = { short: 24, normal: 30, long: 38 };
/** The clef, plus 9 px per key-signature accidental, at the start of every line, px. */
const CLEF_PX = 38;
const KEY_ACCIDENTAL_PX = 10;
const TIME_SIGNATURE_PX = 24;
const BAR_PADDING_PX = 14;

export interface StaffLine {
  /** Indices into `bars(passage)`. */
  bars: number[];
  /** Width of each bar on this line, px (the first includes the clef and key signature). */
  widths: number[];
}

/** How many accidentals a key signature has (for its width): from the circle of fifths. */
export function keyAccidentalCount(passage: Passage): number {
  if (!passage.key) return 0;
  const { letter, accidental, minor } = passage.key;
  const fifths: Record<string, number> = { C: 0, G: 1, D: 2, A: 3, E: 4, B: 5, F: -1 };
  const count = fifths[letter] + 7 * accidental - (minor ? 3 : 0);
  return Math.min(7, Math.abs(count));
}

function eventPx(beats: number): number {
  if (beats < 0.5) return EVENT_PX.short;
  if (beats >= 2) return EVENT_PX.long;
  return EVENT_PX.normal;
}

/**
 * Bars packed into lines of at most `widthPx`; each line's bars are stretched to fill it (the last
 * line too, unless it is much shorter than the width, so a short exercise is not spread thin).
 */
export function layoutLines(passage: Passage, widthPx: number): StaffLine[] {
  const barList = bars(passage);
  const headPx = CLEF_PX + KEY_ACCIDENTAL_PX * keyAccidentalCount(passage);
  const natural = barList.map(
    (bar) => BAR_PADDING_PX + bar.reduce((s, i) => s + eventPx(passage.events[i].beats), 0),
  );
  const headOf = (lineIndex: number): number => headPx + (lineIndex === 0 ? TIME_SIGNATURE_PX : 0);
  const packed: number[][] = [];
  let current: number[] = [];
  let used = 0;
  barList.forEach((_, b) => {
    if (current.length > 0 && used + natural[b] > widthPx) {
      packed.push(current);
      current = [];
    }
    if (current.length === 0) used = headOf(packed.length);
    current.push(b);
    used += natural[b];
  });
  if (current.length > 0) packed.push(current);
  return packed.map((line, l) => {
    const head = headOf(l);
    const music = line.reduce((s, b) => s + natural[b], 0);
    const fill = (widthPx - head) / music;
    // The last line of a short exercise is not spread thin across the screen.
    const short = l === packed.length - 1 && head + music < widthPx * 0.6;
    const stretch = short ? Math.min(fill, 1.3) : fill;
    const widths = line.map((b, k) => Math.floor((k === 0 ? head : 0) + natural[b] * stretch));
    if (!short) {
      // Rounding left over goes to the last bar, so the line ends at the width.
      widths[widths.length - 1] += Math.max(
        0,
        Math.floor(widthPx) - widths.reduce((s, w) => s + w, 0),
      );
    }
    return { bars: line, widths };
  });
}
