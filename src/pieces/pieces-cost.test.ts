/**
 * Issue 25's limits, measured: a 100-measure part is read and laid out well inside the 1 s to
 * its first line (the browser test times the drawing), and following a player through it costs
 * under 1 ms per reading on the main thread. Figures are printed; bounds are generous (2 cores).
 */
import { describe, expect, it } from 'vitest';
import {
  createLiveAssessor,
  midiToHz,
  type PerformanceEvent,
  type PerformanceReading,
} from '../music';
import { readScoreFile } from './import.worker';
import { drawnBars, layoutScoreLines } from './score-layout';
import { partXml, scaleBars } from './test-scores.test-data';

const HOP_MS = 256 / 48;
const MIDI: Record<string, number> = { C: 60, D: 62, E: 64, F: 65, G: 67, A: 69, B: 71 };

describe('pieces: cost', () => {
  const xml = partXml(scaleBars(100), { tempo: 120 });

  it('reads and lays out a 100-measure part in well under a second', () => {
    const t0 = performance.now();
    const answer = readScoreFile({ name: 'long.musicxml', bytes: new TextEncoder().encode(xml) });
    const t1 = performance.now();
    if (answer.kind !== 'score') throw new Error(answer.kind);
    const lines = layoutScoreLines(drawnBars(answer.score), 358);
    const t2 = performance.now();
    console.log(
      `100 measures: read ${(t1 - t0).toFixed(1)} ms, laid out in ${lines.length} lines ${(t2 - t1).toFixed(1)} ms`,
    );
    expect(t2 - t0).toBeLessThan(500);
  });

  it('follows a player through it at under 1 ms per reading', () => {
    const answer = readScoreFile({ name: 'long.musicxml', bytes: new TextEncoder().encode(xml) });
    if (answer.kind !== 'score') throw new Error(answer.kind);
    const score = answer.score;
    const live = createLiveAssessor(score);
    const readings: PerformanceReading[] = [];
    const events: PerformanceEvent[][] = [];
    // A player exactly on the written times, each note 90 % of its length (a re-attack gap).
    for (const note of score.notes) {
      const hz = midiToHz(MIDI[note.written.letter] + 12 * (note.written.octave - 4) - 2);
      const endMs = note.startMs + note.durationMs * 0.9;
      for (let t = note.startMs; t < endMs; t += HOP_MS) {
        readings.push({
          hz,
          levelDb: -20,
          windowStartMs: t - 21,
          windowEndMs: t,
          windowCentreMs: t - 10.5,
          dips: [],
        });
        events.push(t === note.startMs ? [{ type: 'note-on', hz, onsetMs: t }] : []);
      }
      for (let t = endMs; t < note.startMs + note.durationMs; t += HOP_MS) {
        readings.push({
          hz: 0,
          levelDb: -80,
          windowStartMs: t - 21,
          windowEndMs: t,
          windowCentreMs: t - 10.5,
          dips: [],
        });
        events.push(
          t === endMs ? [{ type: 'note-off', hz, onsetMs: note.startMs, offsetMs: t }] : [],
        );
      }
    }
    const t0 = performance.now();
    let worstMs = 0;
    readings.forEach((reading, i) => {
      const s = performance.now();
      live.reading(reading);
      for (const event of events[i]) live.noteEvent(event);
      worstMs = Math.max(worstMs, performance.now() - s);
    });
    const perReadingMs = (performance.now() - t0) / readings.length;
    console.log(
      `follower: ${readings.length} readings, ${perReadingMs.toFixed(4)} ms per reading, worst ${worstMs.toFixed(2)} ms; position ${live.position()} of ${score.notes.length - 1}`,
    );
    expect(perReadingMs).toBeLessThan(1);
    expect(live.position()).toBeGreaterThan(score.notes.length - 4);
  });
});
