import { describe, expect, it } from 'vitest';
import { articulationPassage } from './articulation';
import { clarkePassage } from './clarke';
import { lipSlurPassage } from './lip-slurs';
import {
  bars,
  loopBarPassage,
  noteBars,
  passageBeats,
  phrase,
  timedNotes,
  type Passage,
} from './notation';
import { chartNote } from './scales';

/** "Loop this bar" on every kind of passage the timed exercises play (issue 23 row 10). */
const scale = (subdivision: 1 | 2 | 3 | 4, slurred: boolean): Passage => ({
  beatsPerBar: 4,
  key: null,
  events: phrase(
    Array.from({ length: 15 }, (_, i) => chartNote(60 + i)),
    { subdivision, beatsPerBar: 4, slurred, lastNoteBeats: subdivision === 1 ? 2 : 1 },
  ),
});

const PASSAGES: [string, Passage][] = [
  ['lip slurs, quarters, both ways, rest bars between series', lipSlurPassage()],
  ['lip slurs in triplets, up', lipSlurPassage({ subdivision: 3, direction: 'up' })],
  ['lip slurs in 3s', lipSlurPassage({ direction: 'groups', subdivision: 2 })],
  ['chromatic run, quarters, tongued', scale(1, false)],
  ['scale in eighths, slurred', scale(2, true)],
  ['scale in triplets, slurred', scale(3, true)],
  ['scale in sixteenths, tongued', scale(4, false)],
  [
    'double tonguing on one note',
    articulationPassage({ tonguing: 'double', pattern: 'note', startMidi: 67 }),
  ],
  [
    'triple tonguing on a fragment',
    articulationPassage({ tonguing: 'triple', pattern: 'fragment', startMidi: 62, key: 'D' }),
  ],
  [
    'Clarke-style study',
    clarkePassage({ key: 'G', lowMidi: 55, highMidi: 84, spelling: 'sharps' }),
  ],
];

/** The notes due inside bar `bar`, found by time (start beat), not by the bar splitter. */
const notesInBar = (passage: Passage, bar: number) =>
  timedNotes(passage).filter((n) => Math.floor(n.startBeat / passage.beatsPerBar + 1e-9) === bar);

describe.each(PASSAGES)('loop a bar: %s', (_name, passage) => {
  const withNotes = noteBars(passage);

  it('noteBars lists every note once, in order, in the bar it is due in', () => {
    expect(withNotes.flatMap((b) => b.noteIndices)).toEqual(timedNotes(passage).map((_n, i) => i));
    const timed = timedNotes(passage);
    for (const { bar, noteIndices } of withNotes) {
      expect(noteIndices.map((i) => timed[i])).toEqual(notesInBar(passage, bar));
    }
  });

  it.each([1, 2, 4])(
    'each bar with notes, %i times round: only its notes, on the same beats',
    (repeats) => {
      const beatsPerBar = passage.beatsPerBar;
      for (const { bar } of withNotes) {
        const loop = loopBarPassage(passage, bar, repeats);
        expect(passageBeats(loop)).toBeCloseTo(repeats * beatsPerBar, 9);
        expect(bars(loop)).toHaveLength(repeats);
        const original = notesInBar(passage, bar);
        const looped = timedNotes(loop);
        expect(looped).toHaveLength(repeats * original.length);
        looped.forEach((n, i) => {
          const round = Math.floor(i / original.length);
          const source = original[i % original.length];
          expect(n.note).toEqual(source.note);
          expect(n.beats).toBe(source.beats);
          // Same place in its bar as written, one bar later each time round.
          expect(n.startBeat - round * beatsPerBar).toBeCloseTo(
            source.startBeat - bar * beatsPerBar,
            9,
          );
          // Each time round starts tongued; inside the bar the slurs are as written.
          expect(n.slurredIn).toBe(i % original.length === 0 ? false : source.slurredIn);
        });
        // A breath at the end of every time round (and any the bar had before its last note).
        const breathNotes = loop.events.filter((e) => e.kind === 'note' && e.breathAfter).length;
        const innerBreaths = original.slice(0, -1).filter((n) => {
          const e = passage.events[n.eventIndex];
          return e.kind === 'note' && e.breathAfter === true;
        }).length;
        expect(breathNotes).toBe(repeats * (innerBreaths + 1));
        // The last note of the loop slurs into nothing.
        const last = loop.events.filter((e) => e.kind === 'note').at(-1);
        expect(last?.kind === 'note' && last.slurToNext).toBe(false);
      }
    },
  );

  it('the passage itself is not changed', () => {
    const before = JSON.stringify(passage);
    loopBarPassage(passage, withNotes[0].bar, 3);
    expect(JSON.stringify(passage)).toBe(before);
  });
});

describe('loopBarPassage refuses what cannot be looped, naming what is allowed', () => {
  const passage = lipSlurPassage({ combos: ['0', '2'] });
  const count = bars(passage).length;
  const restBar = bars(passage).findIndex((b) => b.every((i) => passage.events[i].kind === 'rest'));

  it.each([
    ['a bar before the first', -1, 4, `bar must be a whole number from 0 to ${count - 1}, got -1.`],
    [
      'a bar after the last',
      count,
      4,
      `bar must be a whole number from 0 to ${count - 1}, got ${count}.`,
    ],
    ['half a bar', 0.5, 4, `bar must be a whole number from 0 to ${count - 1}, got 0.5.`],
    ['no repeat', 0, 0, 'repeats must be a whole number from 1 to 16, got 0.'],
    ['too many repeats', 0, 17, 'repeats must be a whole number from 1 to 16, got 17.'],
    ['a bar of rest', restBar, 4, `Bar ${restBar + 1} has no note to loop.`],
  ])('%s', (_name, bar, repeats, message) => {
    expect(restBar).toBeGreaterThan(0);
    expect(() => loopBarPassage(passage, bar, repeats)).toThrow(new RangeError(message));
  });
});
