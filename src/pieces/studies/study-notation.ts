/**
 * The compact notation the bundled studies are written in (catalogue.ts), read into the line of
 * notes `scoreFromLine` builds a score from. One token per note or rest, bar lines between bars:
 *
 *   `G4q`  a note (letter, `#` or `b`, octave) and its length: w h q e s (whole … 16th), `.` dots
 *   `rh`   a rest (here a half)
 *   `~q`   lengthens the previous note (a tie, e.g. over a bar line)
 *   `(`    before a note starts a slur, `)` after a note ends it (notes inside are not tongued)
 *   `|`    a bar line: every bar must fill the meter, except a short first bar (the pickup) and a
 *          short last bar; a wrong bar is an error naming it, so a typo cannot ship.
 */
import type { LineItem } from '../../music';

const LENGTH_QUARTERS: Readonly<Record<string, number>> = { w: 4, h: 2, q: 1, e: 0.5, s: 0.25 };

const TOKEN = /^(\(?)(r|~|[A-G](?:#|b)?\d)([whqes])(\.{0,2})(\)?)$/;

export interface StudyLine {
  readonly items: readonly LineItem[];
  /** Quarter notes before the first full bar (0: the piece starts on a downbeat). */
  readonly pickupQuarters: number;
}

function lengthOf(code: string, dots: string): number {
  const plain = LENGTH_QUARTERS[code] ?? Number.NaN;
  return dots === '..' ? plain * 1.75 : dots === '.' ? plain * 1.5 : plain;
}

/** Reads `text` in a meter of `barQuarters` quarter notes a bar. Throws an Error naming the fault. */
export function parseStudyLine(text: string, barQuarters: number): StudyLine {
  if (!(barQuarters > 0)) throw new RangeError(`barQuarters must be > 0, got ${barQuarters}`);
  const bars = text
    .split('|')
    .map((bar) => bar.trim())
    .filter((bar) => bar.length > 0);
  if (bars.length === 0) throw new Error('a study needs at least one bar');
  const items: [string | null, number, boolean?][] = [];
  let slurOpen = false;
  let pickupQuarters = 0;
  bars.forEach((bar, barIndex) => {
    let quarters = 0;
    for (const token of bar.split(/\s+/)) {
      const match = TOKEN.exec(token);
      if (!match) throw new Error(`bar ${barIndex + 1}: cannot read "${token}"`);
      const [, open, pitch, code, dots, close] = match;
      const length = lengthOf(code, dots);
      quarters += length;
      if (pitch === '~') {
        const previous = items.at(-1);
        if (!previous || previous[0] === null)
          throw new Error(`bar ${barIndex + 1}: "~" must follow a note`);
        previous[1] += length;
        continue;
      }
      if (pitch === 'r') {
        if (open || close) throw new Error(`bar ${barIndex + 1}: a rest cannot carry a slur`);
        if (slurOpen) throw new Error(`bar ${barIndex + 1}: a rest inside a slur`);
        items.push([null, length]);
        continue;
      }
      if (open && slurOpen) throw new Error(`bar ${barIndex + 1}: a slur inside a slur`);
      items.push(open ? [pitch, length] : [pitch, length, slurOpen]);
      if (open) slurOpen = true;
      if (close) {
        if (!slurOpen) throw new Error(`bar ${barIndex + 1}: ")" without "("`);
        slurOpen = false;
      }
    }
    const short = quarters < barQuarters - 1e-9;
    const first = barIndex === 0;
    const last = barIndex === bars.length - 1;
    if (quarters > barQuarters + 1e-9 || (short && !first && !last)) {
      throw new Error(
        `bar ${barIndex + 1} holds ${quarters} quarter notes, the meter ${barQuarters}: "${bar}"`,
      );
    }
    if (first && short && bars.length > 1) pickupQuarters = quarters;
  });
  if (slurOpen) throw new Error('a slur is never closed');
  return { items, pickupQuarters };
}
