import { describe, expect, it } from 'vitest';
import { minutesLastSevenDays, practiceStreakDays } from './practice-week';

// Wednesday 18 March 2026, mid-afternoon local time.
const TODAY = new Date(2026, 2, 18, 15, 30);

describe('streak and minutes this week (home page)', () => {
  it('counts days in a row ending today', () => {
    const days = { '2026-03-18': 10, '2026-03-17': 5, '2026-03-16': 2, '2026-03-14': 30 };
    expect(practiceStreakDays(days, TODAY)).toBe(3);
  });

  it('a streak ending yesterday still counts until today is over', () => {
    expect(practiceStreakDays({ '2026-03-17': 5, '2026-03-16': 5 }, TODAY)).toBe(2);
  });

  it('a gap of a whole day breaks it; nothing practised is 0', () => {
    expect(practiceStreakDays({ '2026-03-16': 5 }, TODAY)).toBe(0);
    expect(practiceStreakDays({}, TODAY)).toBe(0);
  });

  it('crosses a month boundary', () => {
    const days = { '2026-03-02': 1, '2026-03-01': 1, '2026-02-28': 1, '2026-02-27': 1 };
    expect(practiceStreakDays(days, new Date(2026, 2, 2, 9))).toBe(4);
  });

  it('sums the last 7 days, today included, and nothing older', () => {
    const days = { '2026-03-18': 10, '2026-03-12': 5, '2026-03-11': 100 };
    expect(minutesLastSevenDays(days, TODAY)).toBe(15);
  });
});
