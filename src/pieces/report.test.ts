import { describe, expect, it } from 'vitest';
import type { AttemptAssessment, NoteAssessment } from '../music';
import { reportLines } from './report';

const base: Omit<NoteAssessment, 'index' | 'verdict' | 'flags' | 'reasons'> = {
  measure: '2',
  written: 'G5',
  onsetMs: 1000,
  heard: 'G5',
  cents: 0,
  scores: { pitch: 100, timing: 100, steadiness: 100 },
};
const assessment: AttemptAssessment = {
  notes: [
    { ...base, index: 0, verdict: 'played', flags: [], reasons: [] },
    { ...base, index: 1, verdict: 'wrong', heard: 'F5', flags: [], reasons: ['Heard F5, not G5'] },
    { ...base, index: 2, verdict: 'played', flags: [{ flag: 'late', ms: 152 }], reasons: [] },
  ],
  scores: { pitch: 80, timing: 90, steadiness: 95, overall: 86.4 },
  fixFirst: 'Heard F5 where G5 is written in bar 2',
};

describe('the teacher report', () => {
  it('says the scores, the thing to fix and each note to look at, by bar', () => {
    const lines = reportLines({
      title: 'Étude',
      partName: 'Trumpet in B♭',
      instrument: 'B♭ trumpet',
      atMs: Date.UTC(2026, 10, 25, 20),
      source: 'recording',
      tempoPercent: 80,
      assessment,
    });
    expect(lines.map((l) => l.text)).toEqual([
      'Étude',
      expect.stringMatching(/^Trumpet in B♭ · B♭ trumpet · .* · graded recording · 80 % tempo$/),
      'Overall 86 — pitch 80, timing 90, steadiness 95',
      '3 notes: 2 played, 1 wrong, 0 missed.',
      'Fix first: Heard F5 where G5 is written in bar 2',
      'Notes to look at',
      'Bar 2, note 2 (G5): Heard F5, not G5',
      'Bar 2, note 3 (G5): 152 ms late',
    ]);
  });

  it('names the notes with the signs a player reads: "(B♭4)", not "(Bb4)" (teacher reading 3, U21)', () => {
    const flatNotes: AttemptAssessment = {
      ...assessment,
      notes: [
        {
          ...base,
          index: 0,
          written: 'Bb4',
          heard: 'B4',
          verdict: 'wrong',
          flags: [],
          reasons: [],
        },
        {
          ...base,
          index: 1,
          written: 'F#4',
          verdict: 'played',
          flags: [{ flag: 'late', ms: 90 }],
          reasons: [],
        },
      ],
    };
    const lines = reportLines({
      title: 'Étude',
      partName: 'Trumpet in B♭',
      instrument: 'B♭ trumpet',
      atMs: Date.UTC(2026, 10, 25, 20),
      source: 'live',
      tempoPercent: 100,
      assessment: flatNotes,
    }).map((l) => l.text);
    expect(lines.slice(-2)).toEqual([
      'Bar 2, note 1 (B♭4): wrong',
      'Bar 2, note 2 (F♯4): 90 ms late',
    ]);
  });
});
