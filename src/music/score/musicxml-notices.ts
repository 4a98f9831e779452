/**
 * What the reader simplified, in words for the player (Score.notices): one line per kind, with
 * the number of measures it touched.
 */
import type { ReadMeasure } from './musicxml-measures';
import type { ScoreTransposition } from './score-model';

/** Lines for chords, voices, grace/cue/unpitched notes, transposition changes and jump words. */
export function simplificationNotices(
  measures: readonly ReadMeasure[],
  voice: string,
  transposition: ScoreTransposition,
): string[] {
  const result: string[] = [];
  const count = (pick: (m: ReadMeasure) => boolean): number => measures.filter(pick).length;
  const say = (n: number, text: string): void => {
    if (n > 0) result.push(`${text} in ${String(n)} measure${n === 1 ? '' : 's'}`);
  };
  say(
    count((m) => m.simplified.chords),
    'Chords reduced to the top note',
  );
  say(
    count((m) => m.simplified.otherVoices),
    `Only voice ${voice} kept: other voices left out`,
  );
  say(
    count((m) => m.simplified.grace),
    'Grace notes left out',
  );
  say(
    count((m) => m.simplified.cue),
    'Cue notes left out',
  );
  say(
    count((m) => m.simplified.unpitched),
    'Unpitched (percussion) notes left out',
  );
  const changed = measures.find(
    (m) =>
      m.transposition !== null &&
      (m.transposition.semitones !== transposition.semitones ||
        m.transposition.letters !== transposition.letters),
  );
  if (changed !== undefined) {
    result.push(
      `The part changes transposition in measure ${changed.number}; the first one is used throughout`,
    );
  }
  const hasJumps = measures.some((m) => Object.values(m.jumps).some(Boolean));
  const words = measures.flatMap((m) => m.jumpWords);
  if (!hasJumps && words.length > 0) {
    result.push(`"${words[0]}" is written as words only, so the piece is read straight through`);
  }
  return result;
}
