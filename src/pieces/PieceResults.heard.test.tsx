import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NoteAssessment } from '../music';
import { NoteDetail } from './PieceResults';

const note = (written: string, heard: string | null): NoteAssessment => ({
  index: 0,
  measure: '3',
  written,
  onsetMs: heard === null ? null : 1500,
  heard,
  cents: heard === null ? null : 4,
  verdict: heard === null ? 'missed' : 'played',
  flags: [],
  scores: { pitch: 100, timing: 100, steadiness: 100 },
  reasons: [],
});

/** The "Heard:" line as the player reads it (tags stripped). */
const heardLine = (n: NoteAssessment): string | undefined =>
  renderToStaticMarkup(<NoteDetail note={n} />)
    .replace(/<!-- -->/g, '')
    .split(/<li>/)
    .map((part) => part.replace(/<[^>]+>/g, ''))
    .find((text) => text.startsWith('Heard:'));

describe('the pieces note detail (teacher reading 3, U21)', () => {
  it('says what was heard with the signs, as the heading does: "Heard: B♭4", not "Bb4"', () => {
    expect(heardLine(note('Bb4', 'Bb4'))).toBe('Heard: B♭4 (+4 ¢)');
    expect(heardLine(note('F#4', 'F#4'))).toBe('Heard: F♯4 (+4 ¢)');
    expect(heardLine(note('C5', 'C5'))).toBe('Heard: C5 (+4 ¢)');
  });
  it('a flat note with the minus sign, as the tuner writes it: "(−22 ¢)", not "(-22 ¢)"', () => {
    expect(heardLine({ ...note('D5', 'D5'), cents: -22 })).toBe('Heard: D5 (−22 ¢)');
  });
  it('the fix for its pitch on the fingering played, when it is off (U13)', () => {
    const html = renderToStaticMarkup(
      <NoteDetail note={{ ...note('D5', 'D5'), cents: -22 }} fix="faster air, or try 1-3" />,
    );
    expect(html.replace(/<[^>]+>/g, '|')).toContain('Fix: faster air, or try 1-3.');
  });
  it('a missed note: "Heard: nothing"', () => {
    expect(heardLine(note('Bb4', null))).toBe('Heard: nothing');
  });
});
