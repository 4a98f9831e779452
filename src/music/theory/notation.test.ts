import { describe, expect, it } from 'vitest';
import {
  bars,
  keySignatureName,
  passageBeats,
  phrase,
  restsToBarEnd,
  timedNotes,
} from './notation';
import { chartNote } from './scales';

const notes = (n: number) => Array.from({ length: n }, (_, i) => chartNote(60 + i));

describe('phrase', () => {
  it('quarters in 4/4: 15 notes fill four bars with a rest at the end', () => {
    const events = phrase(notes(15), { subdivision: 1, beatsPerBar: 4, slurred: false });
    expect(passageBeats({ beatsPerBar: 4, key: null, events })).toBe(16);
    expect(events.at(-1)).toEqual({ kind: 'rest', beats: 1 });
    expect(bars({ beatsPerBar: 4, key: null, events })).toHaveLength(4);
  });

  it('a held last note and a rest bar for breathing', () => {
    const events = phrase(notes(9), {
      subdivision: 1,
      beatsPerBar: 4,
      slurred: true,
      lastNoteBeats: 2,
      restBars: 1,
    });
    const passage = { beatsPerBar: 4, key: null, events };
    expect(bars(passage)).toHaveLength(4);
    const timed = timedNotes(passage);
    expect(timed.map((t) => t.startBeat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(timed[8].beats).toBe(2);
    expect(timed.slice(1).every((t) => t.slurredIn)).toBe(true);
    expect(events.filter((e) => e.kind === 'note' && e.breathAfter)).toHaveLength(1);
  });

  it('triplets: three notes a beat, the last beat completed with triplet rests', () => {
    const events = phrase(notes(7), { subdivision: 3, beatsPerBar: 4, slurred: true });
    const passage = { beatsPerBar: 4, key: null, events };
    expect(bars(passage)).toHaveLength(1);
    expect(timedNotes(passage)[3].startBeat).toBeCloseTo(1);
    expect(events.filter((e) => e.kind === 'rest').map((e) => e.beats)).toEqual([1 / 3, 1 / 3, 1]);
  });

  it('eighths that end off the beat', () => {
    expect(restsToBarEnd(2.5, 4)).toEqual([
      { kind: 'rest', beats: 0.5 },
      { kind: 'rest', beats: 1 },
    ]);
    expect(restsToBarEnd(0, 4)).toEqual([{ kind: 'rest', beats: 4 }]);
    expect(restsToBarEnd(0, 3)).toHaveLength(3);
  });

  it('refuses a bad subdivision and a bar-crossing event', () => {
    expect(() =>
      phrase(notes(2), { subdivision: 5 as never, beatsPerBar: 4, slurred: false }),
    ).toThrow(/subdivision must be 1, 2, 3 or 4/);
    expect(() =>
      bars({
        beatsPerBar: 4,
        key: null,
        events: [
          { kind: 'rest', beats: 3 },
          { kind: 'rest', beats: 2 },
        ],
      }),
    ).toThrow(/crosses the bar line/);
  });
});

describe('keySignatureName', () => {
  it('names keys as VexFlow does', () => {
    expect(keySignatureName({ letter: 'E', accidental: -1, minor: false })).toBe('Eb');
    expect(keySignatureName({ letter: 'F', accidental: 1, minor: true })).toBe('F#m');
  });
});
