import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import { createLiveAssessor } from './live-assessor';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine } from '../score/score-build';

const score = scoreFromLine(
  'C4 D4 E4 F4 G4 A4 B4 C5 B4 A4 G4 F4 E4 D4 C4'.split(' ').map((n) => [n, 1] as const),
  { qpm: 120 },
);

describe('the live assessor', () => {
  it('follows the player note by note and ends with the offline verdict', () => {
    const notes: SynthNote[] = score.notes.map((note, i) => ({
      midi: concertMidiOf(score, note) + (i === 6 ? 1 : 0),
      onsetMs: 800 + note.startMs * 1.1,
      durationMs: 450,
    }));
    const performance = synthPerformance(notes);
    const live = createLiveAssessor(score);
    const positions: number[] = [];
    let e = 0;
    const eventMs = (k: number): number => {
      const event = performance.events[k];
      return event?.type === 'note-off' ? event.offsetMs : (event?.onsetMs ?? 0);
    };
    for (const reading of performance.readings) {
      // The stream sends a reading's events before the reading.
      while (e < performance.events.length && eventMs(e) <= reading.windowEndMs) {
        live.noteEvent(performance.events[e]);
        e++;
      }
      live.reading(reading);
      positions.push(live.position());
    }
    // The cursor only moves forward through a clean run and reaches the last notes.
    expect(positions.every((p, k) => k === 0 || p >= positions[k - 1])).toBe(true);
    expect(Math.max(...positions)).toBeGreaterThanOrEqual(score.notes.length - 3);
    expect(live.finish()).toEqual(assessPerformance(score, performance));
    expect(live.finish().notes[6]?.verdict).toBe('wrong');
  });
});
