import { describe, expect, it } from 'vitest';
import { verdictLine } from './TakePieceSummary';

const n = (measure: string, written: string, verdict: 'played' | 'wrong' | 'missed') => ({
  index: 0,
  measure,
  written,
  verdict,
});

describe("a take's pass in words", () => {
  it('counts the verdicts and names the first notes to look at as a player reads them', () => {
    const attempt = {
      atMs: 0,
      scores: { overall: 70, pitch: 70, timing: 70, steadiness: 70 },
      fixFirst: null,
      notes: [
        n('1', 'C5', 'played'),
        n('2', 'Bb4', 'wrong'),
        n('3', 'F#4', 'missed'),
        n('3', 'G4', 'missed'),
        n('4', 'A4', 'missed'),
        n('4', 'B4', 'missed'),
      ],
    };
    expect(verdictLine(attempt)).toBe(
      '1 played, 1 wrong (bar 2 B♭4), 4 missed (bar 3 F♯4, bar 3 G4, bar 4 A4, …)',
    );
  });
});
