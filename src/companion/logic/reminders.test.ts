import { describe, expect, it } from 'vitest';
import { nextReminder, planReminders, REMINDER_IDS, REMINDER_ROUTE } from './reminders';

describe('practice reminders', () => {
  it('one weekly reminder per chosen day, stable ids, opening the practice home', () => {
    const planned = planReminders([5, 1, 3, 1], '07:30');
    expect(planned.map((r) => [r.day, r.hour, r.minute])).toEqual([
      [1, 7, 30],
      [3, 7, 30],
      [5, 7, 30],
    ]);
    expect(planned.map((r) => r.id)).toEqual([REMINDER_IDS[1], REMINDER_IDS[3], REMINDER_IDS[5]]);
    expect(planned.every((r) => r.route === REMINDER_ROUTE)).toBe(true);
    expect(new Set(REMINDER_IDS).size).toBe(7);
  });

  it('rejects a time or day it cannot schedule, naming what is allowed', () => {
    expect(() => planReminders([1], '24:00')).toThrow(/HH:MM \(00:00\.\.23:59\), got 24:00/);
    expect(() => planReminders([7], '08:00')).toThrow(/0 \(Sunday\)\.\.6 \(Saturday\), got 7/);
  });

  it('the next reminder: later today, else the next chosen day (Wednesday 18 March 2026)', () => {
    const wed = new Date(2026, 2, 18, 15, 0);
    expect(nextReminder([3], '18:00', wed)).toEqual(new Date(2026, 2, 18, 18, 0));
    expect(nextReminder([3], '08:00', wed)).toEqual(new Date(2026, 2, 25, 8, 0));
    expect(nextReminder([1, 5], '08:00', wed)).toEqual(new Date(2026, 2, 20, 8, 0));
    expect(nextReminder([], '08:00', wed)).toBeNull();
  });
});
