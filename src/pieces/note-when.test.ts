import { describe, expect, it } from 'vitest';
import type { AttemptAssessment, NoteAssessment } from '../music';
import { noteClockOf, noteWhenText } from './note-when';

const note = (onsetMs: number | null): NoteAssessment => ({
  index: 0,
  measure: '1',
  written: 'C5',
  onsetMs,
  heard: onsetMs === null ? null : 'C5',
  cents: 0,
  verdict: onsetMs === null ? 'missed' : 'played',
  flags: [],
  scores: { pitch: 100, timing: 100, steadiness: 100 },
  reasons: [],
});
const attempt = (onsets: (number | null)[]): AttemptAssessment => ({
  notes: onsets.map(note),
  scores: { pitch: 100, timing: 100, steadiness: 100, overall: 100 },
  fixFirst: null,
});

describe('when a tapped note was played (W3)', () => {
  it('live: from the first note heard, not from when the microphone started; no "take"', () => {
    // The stream's clock began ~4 s before Start: the first note at 5.76 s, the second at 9.08 s.
    const live = attempt([null, 5760, 9080]);
    const clock = noteClockOf('live', live);
    expect(noteWhenText(note(5760), clock)).toBe('your first note');
    expect(noteWhenText(note(9080), clock)).toBe('3.32 s after your first note');
    expect(noteWhenText(note(9080), clock)).not.toMatch(/take/);
    expect(noteWhenText(note(null), clock)).toBe('not heard');
  });

  it('a graded recording: from the start of the recording', () => {
    const clock = noteClockOf('recording', attempt([800, 1400]));
    expect(noteWhenText(note(1400), clock)).toBe('1.40 s into the recording');
  });
});
