/**
 * The assessor live: fed the stream's readings and note events as they arrive (on the main
 * thread, after the pitch service), it follows the player through the score (`position()`, for a
 * cursor) and, at the end, judges the attempt with exactly the offline assessor. A segment is
 * handed to the follower once it is settled: the stream has moved SETTLED_MS past its end, so a
 * scoop or a re-attack that reshapes it has been heard. Cost per reading: an append; per note
 * event, the segments of the last few seconds again and one follower step (O(score length)).
 */
import type { AttemptAssessment } from './assessment-types';
import { assessPerformance, concertMidiOf, type AssessOptions } from './assessor';
import { createScoreFollower, type ScoreFollower } from './follower';
import {
  playedSegments,
  readingIndexAt,
  type PerformanceEvent,
  type PerformanceReading,
} from './performance';
import { DEFAULT_A4_HZ } from '../theory/notes';
import type { Score } from '../score/score-model';

/** A segment ending this long before the newest reading no longer changes, ms. */
export const SETTLED_MS = 400;
/** How far back the segments are recomputed on each note event, ms. */
const TAIL_MS = 1000;

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
  const follower: ScoreFollower = createScoreFollower(
    score.notes.map((note, i) => ({
      startMs: note.startMs,
      midi: concertMidiOf(score, note),
      barStart: i === 0 || score.notes[i - 1]?.measureIndex !== note.measureIndex,
    })),
  );
  /** Onset of the last segment handed to the follower. */
  let handedUntilMs = Number.NEGATIVE_INFINITY;
  let firstEvent = 0;

  function handSettled(nowMs: number): void {
    // Events from the first one that may still shape an unsettled segment: nothing before the
    // last handed segment's onset, nor before the tail, is looked at again.
    const fromMs = Math.min(nowMs - TAIL_MS, handedUntilMs);
    const timeOf = (e: PerformanceEvent): number =>
      e.type === 'note-off' ? e.offsetMs : e.onsetMs;
    while (firstEvent < events.length && timeOf(events[firstEvent]) < fromMs) {
      firstEvent++;
    }
    const tail = events.slice(firstEvent);
    if (tail.length === 0) return;
    const from = readingIndexAt(readings, (tail[0]?.onsetMs ?? nowMs) - 100);
    const segments = playedSegments({ readings: readings.slice(from), events: tail }, a4Hz);
    for (const s of segments) {
      if (s.onsetMs <= handedUntilMs || s.offsetMs > nowMs - SETTLED_MS) continue;
      // Reading indices are relative to the slice; the follower uses times and pitch only.
      follower.push({ ...s, from: s.from + from, to: s.to + from });
      handedUntilMs = s.onsetMs;
    }
  }

  return {
    reading(reading) {
      readings.push(reading);
    },
    noteEvent(event) {
      events.push(event);
      const last = readings[readings.length - 1];
      if (last) handSettled(last.windowEndMs);
    },
    position: () => follower.position(),
    finish: () => assessPerformance(score, { readings, events }, options),
  };
}
