/**
 * The live cursor (issue 36, H1) note by note: where it is after each start a player makes. The
 * score is Mary had a little lamb in concert MIDI (B♭ trumpet written E4 D4 C4 …, two bars a
 * line), so a restart or a skip lands on notes a teacher can name.
 */
import { describe, expect, it } from 'vitest';
import { createLiveCursor, type CursorNote } from './live-cursor';

// Bars of four: E D C D | E E E - | D D D - | E G G - | E D C D | E E E E | D D E D | C
const MARY = 'E D C D E E E D D D E G G E D C D E E E E D D E D C';
const MIDI: Record<string, number> = { C: 58, D: 60, E: 62, G: 65 };
const BAR_STARTS = new Set([0, 4, 7, 10, 13, 17, 21, 25]);
const notes: CursorNote[] = MARY.split(' ').map((n, i) => ({
  midi: MIDI[n],
  barStart: BAR_STARTS.has(i),
}));

/** Plays the notes at these indices (null: a wrong note), 500 ms apart; the cursor after each. */
function follow(played: readonly (number | null | 'stop')[]): number[] {
  const cursor = createLiveCursor(notes);
  let t = 1000;
  const after: number[] = [];
  for (const p of played) {
    if (p === 'stop') {
      cursor.silence(t);
      t += 2000;
      continue;
    }
    cursor.onset(t, p === null ? 50 : (notes[p]?.midi ?? 50));
    after.push(cursor.position());
    t += 500;
  }
  return after;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the live cursor', () => {
  it('moves on each start, at once: the whole tune in order', () => {
    expect(follow(range(0, 25))).toEqual(range(0, 25));
  });

  it('repeated notes move it one note each (E E E, D D D)', () => {
    expect(follow(range(0, 9))).toEqual(range(0, 9));
  });

  it('a wrong note still moves it on (the player keeps going)', () => {
    expect(follow([0, 1, null, 3, 4])).toEqual([0, 1, 2, 3, 4]);
  });

  it('a skipped note: it lands where the pitch heard is', () => {
    // E D (C skipped) D E: the D after the skip is note 3.
    expect(follow([0, 1, 3, 4])).toEqual([0, 1, 3, 4]);
  });

  it('a stop and a restart two bars back: back at the bar played, on its first note', () => {
    // Bars 1–4 played to the G (note 12), a stop, then bar 3 (D D D, note 7) again.
    const after = follow([...range(0, 12), 'stop', 7, 8, 9, 10, 11]);
    expect(after.slice(13)).toEqual([7, 8, 9, 10, 11]);
  });

  it('a skipped bar: re-locked within two notes', () => {
    // Bar 1, then bar 3 (D D D) instead of bar 2, then on.
    const after = follow([0, 1, 2, 3, 7, 8, 9, 10, 11, 12]);
    expect(after.slice(6)).toEqual([9, 10, 11, 12]);
  });

  it('starts where the player starts: bar 3 (D D D) found by its first note', () => {
    expect(follow(range(7, 14))).toEqual(range(7, 14));
  });

  it('a second verse the same as the first (bar 5 = bar 1) is followed from where it is', () => {
    expect(follow(range(0, 20)).slice(13)).toEqual(range(13, 20));
  });

  it('never runs past the last note', () => {
    expect(follow([...range(0, 25), null, null]).slice(-1)).toEqual([25]);
  });
});
