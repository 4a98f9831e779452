import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../../history/records';
import { buildReport, reportLines } from './report';

const attempt = (day: number, score: number, cents: number, partial = false): AttemptRecord => ({
  startedAt: new Date(2026, 2, day, 9).toISOString(),
  durationS: 300,
  exercise: 'long-tones',
  settings: { instrument: 'bb-trumpet' },
  score,
  notes: [
    {
      writtenMidi: 76,
      name: 'E5',
      score: 60,
      medianCents: cents,
      spreadCents: 3,
      driftCents: 0,
      inTuneFraction: 0.5,
    },
    {
      writtenMidi: 67,
      name: 'G4',
      score: 90,
      medianCents: 2,
      spreadCents: 3,
      driftCents: 0,
      inTuneFraction: 0.9,
    },
  ],
  ...(partial ? { partial: 'interrupted' as const } : {}),
});

describe('practice report for a teacher', () => {
  const attempts = [
    attempt(9, 50, -30),
    attempt(10, 70, -20),
    attempt(11, 80, -25),
    attempt(12, 40, -22, true),
    attempt(20, 99, 0),
  ];
  const days = {
    '2026-03-10': { soundS: 1200, restS: 600, highMidi: 79, lowMidi: 55 },
    '2026-03-25': { soundS: 600, restS: 0, highMidi: null, lowMidi: null },
  };

  it('sums the range only, scores complete attempts, and names the notes consistently off', () => {
    const report = buildReport(attempts, days, '2026-03-09', '2026-03-12', 'bb-trumpet');
    expect(report).toMatchObject({ daysPractised: 4, soundMin: 20, restMin: 10, exerciseMin: 20 });
    expect(report.exercises).toEqual([
      { label: 'Long tones', attempts: 3, meanScore: 67, bestScore: 80 },
    ]);
    // E5 (open... its chart fingering) flat in every attempt; G4 within the band.
    expect(report.offNotes).toHaveLength(1);
    expect(report.offNotes[0]).toMatchObject({ writtenMidi: 76, medianCents: -23, attempts: 4 });
    const lines = reportLines(report, (m) => (m === 76 ? 'E5' : '?'));
    expect(lines).toContain('  Long tones: 3 · 67 · 80');
    expect(lines.some((l) => l.startsWith('  E5 (') && l.includes('−23 ¢ flat, 4'))).toBe(true);
  });

  it('says so when nothing is off, and refuses a backwards range', () => {
    const report = buildReport(attempts, days, '2026-03-20', '2026-03-31', 'bb-trumpet');
    expect(report.offNotes).toEqual([]);
    expect(reportLines(report, String)).toContain(
      '  none: every note within ±10 ¢ or too few attempts',
    );
    expect(() => buildReport(attempts, days, '2026-03-31', '2026-03-01', 'bb-trumpet')).toThrow(
      /from ≤ to/,
    );
  });
});
