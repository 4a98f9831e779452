/**
 * The assessor live: fed the stream's readings and note events as they arrive (on the main
 * thread, after the pitch service), it says where the player is (`position()`, for a cursor: the
 * live cursor, moved on each note start the stream reports, live-cursor.ts) and, at the end,
 * judges the attempt with exactly the offline assessor. Cost per reading: an append and a look at
 * its dips; per note event, one cursor step (O(1), a re-lock O(score length)).
 */
import type { AttemptAssessment } from './assessment-types';
import { assessPerformance, concertMidiOf, type AssessOptions } from './assessor';
import { REATTACK_DIP_DB } from './attack-measure';
import { createLiveCursor } from './live-cursor';
import type { PerformanceEvent, PerformanceReading } from './performance';
import { SAME_ATTACK_MS } from '../theory/articulation';
import { hzToMidi } from '../theory/notes';
import { DEFAULT_A4_HZ } from '../theory/notes';
import type { Score } from '../score/score-model';

export interface LiveAssessor {
  reading(reading: PerformanceReading): void;
  noteEvent(event: PerformanceEvent): void;
  /** The score note the player is on (index), or -1 before the first. */
  position(): number;
  /** Judge the attempt so far (what was heard, as the offline assessor would). */
  finish(): AttemptAssessment;
}

export function createLiveAssessor(score: Score, options: AssessOptions = {}): LiveAssessor {
  const a4Hz = options.a4Hz ?? DEFAULT_A4_HZ;
  const readings: PerformanceReading[] = [];
  const events: PerformanceEvent[] = [];
  const cursor = createLiveCursor(
    score.notes.map((note, i) => ({
      midi: concertMidiOf(score, note),
      barStart: i === 0 || score.notes[i - 1]?.measureIndex !== note.measureIndex,
    })),
  );
  /** The note sounding (concert MIDI, rounded) and when it started, for re-attacks. */
  let soundingMidi: number | null = null;
  let lastStartMs = Number.NEGATIVE_INFINITY;
  const midiOf = (hz: number): number | null => (hz > 0 ? Math.round(hzToMidi(hz, a4Hz)) : null);

  return {
    reading(reading) {
      readings.push(reading);
      // A repeated note re-tongued has no note-on of its own, only its level dip and re-attack.
      for (const dip of reading.dips) {
        if (
          soundingMidi !== null &&
          dip.depthDb >= REATTACK_DIP_DB &&
          dip.attackMs > lastStartMs + SAME_ATTACK_MS
        ) {
          lastStartMs = dip.attackMs;
          cursor.onset(dip.attackMs, soundingMidi);
        }
      }
    },
    noteEvent(event) {
      events.push(event);
      if (event.type === 'note-on') {
        soundingMidi = midiOf(event.hz);
        lastStartMs = event.onsetMs;
        cursor.onset(event.onsetMs, soundingMidi);
      } else {
        soundingMidi = null;
        cursor.silence(event.offsetMs);
      }
    },
    position: () => cursor.position(),
    finish: () => assessPerformance(score, { readings, events }, options),
  };
}
