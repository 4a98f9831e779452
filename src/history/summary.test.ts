import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import type { AttemptRecord, ExerciseKind } from './records';
import { noteTendencies, practicePerDay } from './stats';
import { applyAttempt, minutesPerDay, summarise, summaryTendencies } from './summary';

/** A varied history: four exercises over 30 days, notes sharp, flat and in between. */
function history(n: number): AttemptRecord[] {
  const kinds: ExerciseKind[] = ['long-tones', 'scales', 'lip-slurs', 'intervals'];
  return Array.from({ length: n }, (_, i) => ({
    ...sampleAttempt,
    startedAt: new Date(Date.UTC(2026, 10, 1 + (i % 30), 8 + (i % 10), i % 60)).toISOString(),
    durationS: 30 + (i % 7) * 10,
    exercise: kinds[i % 4],
    score: (i * 37) % 101,
    notes: [
      { ...sampleAttempt.notes[0], writtenMidi: 60 + (i % 5), medianCents: ((i * 13) % 61) - 30 },
      { ...sampleAttempt.notes[0], writtenMidi: 72, medianCents: 12 + (i % 3) },
    ],
  }));
}

describe('history summary (aggregates kept incrementally)', () => {
  const attempts = history(500);
  const today = new Date(2026, 10, 30, 12);

  it('gives the same practice minutes and tendencies as computing from every attempt', () => {
    const summary = summarise(attempts);
    expect(summary.count).toBe(500);
    expect(minutesPerDay(summary, today, 30)).toEqual(practicePerDay(attempts, today, 30));
    const fromSummary = summaryTendencies(summary);
    const direct = noteTendencies(attempts);
    expect(fromSummary.map((t) => [t.writtenMidi, t.attempts, t.consistent])).toEqual(
      direct.map((t) => [t.writtenMidi, t.attempts, t.consistent]),
    );
    fromSummary.forEach((t, i) => expect(t.meanCents).toBeCloseTo(direct[i].meanCents, 6));
    // Written E5 (72) is always 12..14 ¢ sharp: "always sharp".
    expect(fromSummary.find((t) => t.writtenMidi === 72)?.consistent).toBe('sharp');
  });

  it('removing an attempt undoes exactly what adding it did', () => {
    const summary = summarise(attempts.slice(0, 200));
    applyAttempt(summary, attempts[200], 1);
    applyAttempt(summary, attempts[200], -1);
    const expected = summarise(attempts.slice(0, 200));
    expect(summary.count).toBe(expected.count);
    expect(Object.keys(summary.minutesByDay).sort()).toEqual(
      Object.keys(expected.minutesByDay).sort(),
    );
    expect(Object.keys(summary.notes).sort()).toEqual(Object.keys(expected.notes).sort());
    const empty = summarise([]);
    applyAttempt(empty, attempts[0], 1);
    applyAttempt(empty, attempts[0], -1);
    expect(empty).toEqual(summarise([]));
  });

  it('partial attempts count as practice time but not in the score series', () => {
    const summary = summarise([{ ...sampleAttempt, partial: 'mic-lost' }]);
    expect(summary.partialCount).toBe(1);
    expect(Object.keys(summary.scoreByExerciseDay)).toEqual([]);
    expect(Object.values(summary.minutesByDay)).toEqual([95 / 60]);
  });
});
