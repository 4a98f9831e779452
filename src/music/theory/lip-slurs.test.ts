import { describe, expect, it } from 'vitest';
import { LIP_SLUR_COMBOS, lipSlurPassage } from './lip-slurs';
import { bars, timedNotes } from './notation';
import { spelledName } from './scales';

describe('lipSlurPassage', () => {
  it('one slurred phrase per valve combination with a rest bar between series', () => {
    const passage = lipSlurPassage({ combos: ['0', '2'] });
    const notes = timedNotes(passage);
    expect(notes.map((n) => spelledName(n.note))).toEqual([
      'C4',
      'G4',
      'C5',
      'E5',
      'G5',
      'E5',
      'C5',
      'G4',
      'C4',
      'B3',
      'F♯4',
      'B4',
      'D♯5',
      'F♯5',
      'D♯5',
      'B4',
      'F♯4',
      'B3',
    ]);
    // Series 1: 8 quarters + a held half + a half rest = 3 bars; then a whole bar of rest.
    const barList = bars(passage);
    expect(barList).toHaveLength(3 + 1 + 3);
    expect(barList[3].map((i) => passage.events[i])).toEqual([{ kind: 'rest', beats: 4 }]);
    expect(notes[9].startBeat).toBe(16);
    // Slurred within a series, attacked after the rest.
    expect(notes[1].slurredIn).toBe(true);
    expect(notes[9].slurredIn).toBe(false);
  });

  it('up, down, triplets and the optional 7th partial at its natural pitch', () => {
    const up = timedNotes(
      lipSlurPassage({
        combos: ['0'],
        direction: 'up',
        highestPartial: 8,
        include7th: true,
        subdivision: 3,
      }),
    );
    expect(up.map((n) => spelledName(n.note))).toEqual(['C4', 'G4', 'C5', 'E5', 'G5', 'B♭5', 'C6']);
    const seventh = up[5].note;
    expect(seventh.naturalCents).toBeCloseTo(-31.2, 1);
    expect(up[1].startBeat).toBeCloseTo(1 / 3);
    const down = timedNotes(
      lipSlurPassage({ combos: ['1'], direction: 'down', highestPartial: 8 }),
    );
    expect(down.map((n) => spelledName(n.note))).toEqual(['B♭5', 'F5', 'D5', 'B♭4', 'F4', 'B♭3']);
    expect(down[0].note.neighbours).toContain(70);
  });

  it('names the allowed range of a bad option', () => {
    expect(() => lipSlurPassage({ highestPartial: 9 })).toThrow(/from 4 to 8/);
  });
});

describe('issue 22 (b): Irons-style flexibility in groups of three partials', () => {
  it.each(LIP_SLUR_COMBOS.map((c) => [c]))('%s: 2-3-4-3 2, 3-4-5-4 3, 4-5-6-5 4', (combo) => {
    const passage = lipSlurPassage({ combos: [combo], direction: 'groups', highestPartial: 6 });
    const notes = timedNotes(passage).map((n) => n.note);
    expect(notes.map((n) => n.partial)).toEqual([2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4]);
    // All on the combination's valves, each group one slur (tongued at its start only).
    expect(notes.every((n) => n.combo === combo)).toBe(true);
    const slurredIn = timedNotes(passage).map((n) => n.slurredIn);
    expect(slurredIn).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      true,
      true,
    ]);
    // Each group fills whole bars (quarters: a bar of slurs, a bar held).
    expect(bars(passage)).toHaveLength(6);
  });

  it('skips the 7th partial unless asked, and rests between combinations', () => {
    const passage = lipSlurPassage({ combos: ['0', '2'], direction: 'groups', highestPartial: 8 });
    const partials = timedNotes(passage).map((n) => n.note.partial);
    expect(partials).not.toContain(7);
    expect(new Set(timedNotes(passage).map((n) => n.note.combo))).toEqual(new Set(['0', '2']));
    // A whole bar of rest before the valves change.
    const firstOn2 = passage.events.findIndex((e) => e.kind === 'note' && e.note.combo === '2');
    let restBeats = 0;
    for (let i = firstOn2 - 1; i >= 0 && passage.events[i].kind === 'rest'; i--) {
      restBeats += passage.events[i].beats;
    }
    expect(restBeats).toBeGreaterThanOrEqual(4);
  });
});
