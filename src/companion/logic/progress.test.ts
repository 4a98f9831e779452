import { describe, expect, it } from 'vitest';
import type { AttemptRecord, ExerciseKind } from '../../history/records';
import { emptySummary, summarise } from '../../history/summary';
import { dayOf, type PracticeDays } from './practice-days';
import { computeProgress } from './progress';

// Wednesday 18 March 2026, mid-afternoon local time.
const TODAY = new Date(2026, 2, 18, 15, 30);
const day = (offset: number) => dayOf(new Date(2026, 2, 18 + offset, 12).getTime());
const OPTIONS = { dailyGoalMin: 20, streaks: true };

describe('progress from the practice days and the history summary', () => {
  it('minutes per day, the week, the rest ratio and the goal', () => {
    const days: PracticeDays = {
      [day(0)]: { soundS: 25 * 60, restS: 25 * 60, highMidi: 79, lowMidi: 55 },
      [day(-1)]: { soundS: 10 * 60, restS: 5 * 60, highMidi: 77, lowMidi: 57 },
      [day(-7)]: { soundS: 60 * 60, restS: 0, highMidi: 82, lowMidi: 54 },
    };
    const p = computeProgress(days, emptySummary(), TODAY, OPTIONS);
    expect(p.days).toHaveLength(14);
    expect(p.days.at(-1)).toEqual({ day: day(0), soundMin: 25, restMin: 25, exerciseMin: 0 });
    expect(p.weekSoundMin).toBe(35); // day −7 is outside the last 7 days
    expect(p.weekRestRatio).toBeCloseTo(30 / 65, 9);
    expect(p.goalMet).toBe(true);
    expect(
      computeProgress(days, emptySummary(), TODAY, { ...OPTIONS, dailyGoalMin: 30 }).goalMet,
    ).toBe(false);
  });

  it('range per week from Monday: this week (Mon 16 – Wed 18) and last week apart', () => {
    const days: PracticeDays = {
      [day(-2)]: { soundS: 60, restS: 0, highMidi: 76, lowMidi: 60 }, // Monday
      [day(0)]: { soundS: 60, restS: 0, highMidi: 79, lowMidi: 62 },
      [day(-3)]: { soundS: 60, restS: 0, highMidi: 84, lowMidi: 52 }, // Sunday: last week
    };
    const p = computeProgress(days, emptySummary(), TODAY, OPTIONS);
    expect(p.range.at(-1)).toEqual({ weekStart: day(-2), highMidi: 79, lowMidi: 60 });
    expect(p.range.at(-2)).toEqual({ weekStart: day(-9), highMidi: 84, lowMidi: 52 });
    expect(p.range).toHaveLength(12);
  });

  it('streak counts days with sound or a saved exercise; turned off, it is not computed', () => {
    const days: PracticeDays = {
      [day(0)]: { soundS: 90, restS: 0, highMidi: null, lowMidi: null },
    };
    const summary = {
      ...emptySummary(),
      minutesByDay: { [day(-1)]: 5, [day(-2)]: 3, [day(-4)]: 9 },
    };
    expect(computeProgress(days, summary, TODAY, OPTIONS).streakDays).toBe(3);
    expect(
      computeProgress(days, summary, TODAY, { ...OPTIONS, streaks: false }).streakDays,
    ).toBeNull();
    expect(() => computeProgress(days, summary, TODAY, { ...OPTIONS, dailyGoalMin: 0 })).toThrow(
      /1\.\.240 minutes, got 0/,
    );
  });

  it('per-exercise trend: later days against earlier ones', () => {
    const attempts: AttemptRecord[] = [60, 62, 70, 74].map((score, i) => ({
      startedAt: new Date(2026, 2, 10 + i, 9).toISOString(),
      durationS: 60,
      exercise: 'scales',
      settings: {},
      score,
      notes: [],
    }));
    const p = computeProgress({}, summarise(attempts), TODAY, OPTIONS);
    expect(p.trends).toHaveLength(1);
    expect(p.trends[0]).toMatchObject({ exercise: 'scales', label: 'Scales', change: 11 });
    expect(p.trends[0].points.map((pt) => pt.score)).toEqual([60, 62, 70, 74]);
  });

  it('100 000 attempts and a year of daily minutes open in well under a second', () => {
    const kinds: ExerciseKind[] = ['long-tones', 'lip-slurs', 'scales', 'intervals'];
    const attempts: AttemptRecord[] = Array.from({ length: 100_000 }, (_, i) => ({
      startedAt: new Date(2026, 2, 18 - (i % 365), 8 + (i % 10)).toISOString(),
      durationS: 60 + (i % 120),
      exercise: kinds[i % 4],
      settings: {},
      score: 40 + (i % 60),
      notes: [
        {
          writtenMidi: 60 + (i % 20),
          name: 'x',
          score: 50,
          medianCents: (i % 30) - 15,
          spreadCents: 3,
          driftCents: 0,
          inTuneFraction: 0.5,
        },
      ],
    }));
    // Stored as the app stores them (kept as practice happens): the summary and the days.
    const summaryJson = JSON.stringify(summarise(attempts));
    const days: PracticeDays = {};
    for (let i = 0; i < 365; i++) {
      days[day(-i)] = {
        soundS: 600 + i,
        restS: 300,
        highMidi: 70 + (i % 10),
        lowMidi: 50 + (i % 5),
      };
    }
    const daysJson = JSON.stringify(days);
    const t0 = performance.now();
    const p = computeProgress(
      JSON.parse(daysJson) as PracticeDays,
      JSON.parse(summaryJson),
      TODAY,
      OPTIONS,
    );
    const ms = performance.now() - t0;
    expect(p.streakDays).toBe(365);
    expect(p.trends).toHaveLength(4);
    console.log(`progress over 100 000 attempts and 365 days: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(1000);
  });
});
