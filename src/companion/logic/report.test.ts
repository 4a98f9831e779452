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
      {
        label: 'Long tones',
        detail: null,
        attempts: 3,
        meanScore: 67,
        bestScore: 80,
        topTempoBpm: null,
        recurringFix: null,
      },
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

  it('says on which days the routine was finished, and scores each piece played in the range', () => {
    const routineDays = {
      '2026-03-08': { finishedAtMs: 1, times: 1, playedMin: 19 },
      '2026-03-10': { finishedAtMs: 1, times: 1, playedMin: 19 },
      '2026-03-12': { finishedAtMs: 1, times: 2, playedMin: 14 },
    };
    const piece = (pieceId: string, title: string, day: string, scores: number[]) => ({
      pieceId,
      title,
      day,
      sum: scores.reduce((a, b) => a + b, 0),
      n: scores.length,
      best: Math.max(...scores),
    });
    const pieceDays = [
      piece('arban', 'Arban 1', '2026-03-09', [60, 70]),
      piece('arban', 'Arban 1', '2026-03-11', [81]),
      piece('clarke', 'Clarke 2', '2026-03-13', [90]), // the day after the range
    ];
    const report = buildReport(attempts, {}, '2026-03-09', '2026-03-12', 'bb-trumpet', {
      routineDays,
      pieceDays,
    });
    expect(report.routine).toEqual({ doneDays: ['2026-03-10', '2026-03-12'], rangeDays: 4 });
    expect(report.pieces).toEqual([
      { label: 'Arban 1', attempts: 3, meanScore: 70, bestScore: 81 },
    ]);
    const lines = reportLines(report, String);
    expect(lines).toContain('Routine done on 2 of 4 days (2026-03-10, 2026-03-12)');
    expect(lines.slice(lines.indexOf('Pieces (attempts · mean · best)'))[1]).toBe(
      '  Arban 1: 3 · 70 · 81',
    );
    // Without the routine's record, the report says it was not done rather than guessing.
    expect(
      reportLines(buildReport(attempts, days, '2026-03-09', '2026-03-12', 'bb-trumpet'), String),
    ).toContain('Routine done on 0 of 4 days');
  });

  it('keeps apart what a teacher keeps apart: per item, its tempo reached and the recurring fix (U15)', () => {
    const DRAG =
      'You drag behind the beat (about 152 ms late): feel the click and breathe in time.';
    const timed = (
      day: number,
      score: number,
      settings: AttemptRecord['settings'],
      fixFirst?: string,
    ): AttemptRecord => ({
      startedAt: new Date(2026, 2, day, 18).toISOString(),
      durationS: 60,
      exercise: 'scales',
      settings: { instrument: 'bb-trumpet', ...settings },
      score,
      notes: [],
      ...(fixFirst === undefined ? {} : { fixFirst }),
    });
    const day = [
      // The reading's day: C major at 80, F♯ major at 60 and double tonguing at 120, once pooled
      // as "Scales: 3 · 75 · 95".
      timed(10, 80, { kind: 'major', key: 'C', tempoBpm: 80 }, DRAG),
      timed(10, 60, { kind: 'major', key: 'F♯', tempoBpm: 60 }),
      timed(10, 95, {
        kind: 'articulation',
        tonguing: 'double',
        pattern: 'fragment',
        key: 'C',
        tempoBpm: 120,
      }),
      timed(11, 84, { kind: 'major', key: 'C', tempoBpm: 92 }, DRAG),
      timed(11, 90, { kind: 'major', key: 'C', tempoBpm: 88 }),
      {
        ...timed(11, 89, { combos: '123', highestPartial: 6, direction: 'both', tempoBpm: 72 }),
        exercise: 'lip-slurs' as const,
      },
    ];
    const report = buildReport(day, {}, '2026-03-10', '2026-03-11', 'bb-trumpet');
    const lines = reportLines(report, String);
    const from = lines.indexOf('Exercises (attempts · mean · best · tempo reached)');
    expect(lines.slice(from + 1, from + 6)).toEqual([
      '  Articulation — double tonguing, C major fragment: 1 · 95 · 95 · ♩=120',
      '  Lip slurs — 1-2-3, partials 2–6: 1 · 89 · 89 · ♩=72',
      '  Scales — C major: 3 · 85 · 90 · ♩=92',
      `    Keeps coming back (2 of 3): ${DRAG}`,
      '  Scales — F♯ major: 1 · 60 · 60 · ♩=60',
    ]);
  });

  it('names long tones by their pattern, and a one-note setup by its note', () => {
    const held = (settings: AttemptRecord['settings']): AttemptRecord => ({
      ...attempt(10, 80, 0),
      settings: { instrument: 'bb-trumpet', ...settings },
    });
    const lines = reportLines(
      buildReport(
        [held({ pattern: 'pyramid' }), held({ pattern: 'single', noteMidi: 79 })],
        {},
        '2026-03-10',
        '2026-03-10',
        'bb-trumpet',
      ),
      String,
    );
    expect(lines).toContain('  Long tones — pyramid: 1 · 80 · 80');
    expect(lines).toContain('  Long tones — one note, G5: 1 · 80 · 80');
  });

  it('writes valves as a teacher does: "D4 (1-3)", "F♯4 (1-2-3)", "open"', () => {
    const slur = (
      day: number,
      writtenMidi: number,
      valves: string,
      cents: number,
    ): AttemptRecord => ({
      startedAt: new Date(2026, 2, day, 18).toISOString(),
      durationS: 60,
      exercise: 'lip-slurs',
      settings: { instrument: 'bb-trumpet', combos: valves, highestPartial: 6 },
      score: 80,
      notes: [
        {
          writtenMidi,
          name: '?',
          score: 80,
          medianCents: cents,
          spreadCents: 3,
          driftCents: null,
          inTuneFraction: null,
          valves,
        },
      ],
    });
    const attempts = [
      slur(10, 62, '13', 25),
      slur(11, 62, '13', 27),
      slur(10, 66, '123', 30),
      slur(11, 66, '123', 30),
      slur(10, 72, '0', -20),
      slur(11, 72, '0', -22),
    ];
    const names: Record<number, string> = { 62: 'D4', 66: 'F♯4', 72: 'C5' };
    const lines = reportLines(
      buildReport(attempts, {}, '2026-03-10', '2026-03-11', 'bb-trumpet'),
      (m) => names[m] ?? '?',
    );
    expect(lines).toContain('  F♯4 (1-2-3): +30 ¢ sharp, 2');
    expect(lines).toContain('  D4 (1-3): +26 ¢ sharp, 2');
    expect(lines).toContain('  C5 (open): −21 ¢ flat, 2');
  });
});
