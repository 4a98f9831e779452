import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import { noteTendencies, practicePerDay, scoresByExercise } from './stats';
import type { AttemptRecord } from './records';

const at = (iso: string, patch: Partial<AttemptRecord> = {}): AttemptRecord => ({
  ...sampleAttempt,
  startedAt: iso,
  ...patch,
});

describe('history statistics', () => {
  it('sums practice minutes per day, keeping days without practice', () => {
    const days = practicePerDay(
      [
        at('2026-11-20T09:00:00', { durationS: 600 }),
        at('2026-11-20T18:00:00', { durationS: 300 }),
        at('2026-11-22T09:00:00', { durationS: 120 }),
      ],
      new Date(2026, 10, 22),
      3,
    );
    expect(days).toEqual([
      { day: '2026-11-20', minutes: 15 },
      { day: '2026-11-21', minutes: 0 },
      { day: '2026-11-22', minutes: 2 },
    ]);
  });

  it('orders scores per exercise by date', () => {
    const series = scoresByExercise([
      at('2026-11-21T09:00:00Z', { score: 90 }),
      at('2026-11-20T09:00:00Z', { score: 70 }),
      at('2026-11-20T10:00:00Z', { exercise: 'scales', score: 50 }),
    ]);
    expect(series.get('long-tones')?.map((p) => p.score)).toEqual([70, 90]);
    expect(series.get('scales')?.map((p) => p.score)).toEqual([50]);
  });

  it('flags a note that is flat every time, not one that varies', () => {
    const note = (writtenMidi: number, name: string, medianCents: number) => ({
      ...sampleAttempt.notes[0],
      writtenMidi,
      name,
      medianCents,
    });
    const tendencies = noteTendencies([
      at('2026-11-20T09:00:00Z', { notes: [note(76, 'E5', -16), note(67, 'G4', 12)] }),
      at('2026-11-21T09:00:00Z', { notes: [note(76, 'E5', -14), note(67, 'G4', -3)] }),
      at('2026-11-22T09:00:00Z', { notes: [note(62, 'D4', 20)] }),
    ]);
    expect(tendencies).toEqual([
      { writtenMidi: 67, name: 'G4', meanCents: 4.5, attempts: 2, consistent: null },
      { writtenMidi: 76, name: 'E5', meanCents: -15, attempts: 2, consistent: 'flat' },
    ]);
  });
});
