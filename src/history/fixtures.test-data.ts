import type { AttemptRecord } from './records';

/** A realistic stored attempt for the history tests. */
export const sampleAttempt: AttemptRecord = {
  startedAt: '2026-11-20T08:00:00.000Z',
  durationS: 95,
  exercise: 'long-tones',
  settings: { instrument: 'bb-trumpet', a4Hz: 440, inTuneCents: 10, holdSeconds: 8 },
  score: 82,
  notes: [
    {
      writtenMidi: 76,
      name: 'E5',
      score: 64,
      medianCents: -14.2,
      spreadCents: 4.1,
      driftCents: -2,
      inTuneFraction: 0.4,
    },
  ],
};
