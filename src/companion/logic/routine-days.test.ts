import { describe, expect, it } from 'vitest';
import { dayOf } from './practice-days';
import {
  parseRoutineDays,
  routineSentence,
  routineTally,
  withRoutineDone,
  type RoutineDays,
} from './routine-days';

const done = (finishedAtMs = 1) => ({ finishedAtMs, times: 1, playedMin: 19 });

describe('routine done, per local day', () => {
  it('a finish is recorded on its local day; a second one that day counts, a new day is new', () => {
    const morning = new Date(2026, 10, 25, 7, 30).getTime();
    const evening = new Date(2026, 10, 25, 23, 59).getTime();
    const nextDay = new Date(2026, 10, 26, 0, 1).getTime();
    let days: RoutineDays = {};
    days = withRoutineDone(days, morning, { playedMin: 18.96 });
    expect(days).toEqual({
      '2026-11-25': { finishedAtMs: morning, times: 1, playedMin: 19 },
    });
    const before = days;
    days = withRoutineDone(days, evening, { playedMin: 8 });
    expect(before['2026-11-25'].times).toBe(1); // a new object: the observable sees a change
    expect(days['2026-11-25']).toEqual({
      finishedAtMs: evening,
      times: 2,
      playedMin: 8,
    });
    days = withRoutineDone(days, nextDay, { playedMin: 19 });
    expect(Object.keys(days)).toEqual(['2026-11-25', '2026-11-26']);
  });

  // Range → the days in it and the report's sentence.
  const stored: RoutineDays = {
    '2026-11-19': done(),
    '2026-11-20': done(),
    '2026-11-22': done(),
    '2026-11-25': done(),
    '2026-12-01': done(),
  };
  it.each([
    {
      from: '2026-11-19',
      to: '2026-11-25',
      sentence: 'Routine done on 4 of 7 days (2026-11-19, 2026-11-20, 2026-11-22, 2026-11-25)',
    },
    { from: '2026-11-21', to: '2026-11-21', sentence: 'Routine done on 0 of 1 day' },
    { from: '2026-11-22', to: '2026-11-22', sentence: 'Routine done on 1 of 1 day (2026-11-22)' },
    {
      // Across a month's end and Europe's and America's daylight-saving changes (late Oct / early Nov).
      from: '2026-10-20',
      to: '2026-12-01',
      sentence:
        'Routine done on 5 of 43 days (2026-11-19, 2026-11-20, 2026-11-22, 2026-11-25, 2026-12-01)',
    },
  ])('$from → $to: "$sentence"', ({ from, to, sentence }) => {
    expect(routineSentence(routineTally(stored, from, to))).toBe(sentence);
  });

  it('refuses a backwards or malformed range, naming it', () => {
    expect(() => routineTally(stored, '2026-11-25', '2026-11-19')).toThrow(
      /from ≤ to, got 2026-11-25 → 2026-11-19/,
    );
    expect(() => routineTally(stored, '25/11/2026', '2026-11-25')).toThrow(/YYYY-MM-DD/);
  });

  it('reads what was stored, dropping what is not a day record', () => {
    const today = dayOf(Date.now());
    expect(
      parseRoutineDays({
        [today]: { finishedAtMs: 5, times: 2, playedMin: 12.5 },
        '2026-11-20': { finishedAtMs: 5, times: 0 },
        'not a day': done(),
        '2026-11-21': 'yes',
        '2026-11-22': { finishedAtMs: 5, times: 1, exercises: 'four' },
      }),
    ).toEqual({
      [today]: { finishedAtMs: 5, times: 2, playedMin: 12.5 },
      '2026-11-22': { finishedAtMs: 5, times: 1, playedMin: 0 },
    });
    for (const junk of [undefined, null, [], 'x', 3]) expect(parseRoutineDays(junk)).toEqual({});
  });
});
