/**
 * One practice run of a piece (or of its looped bars) on the live stream: the stream's readings
 * and note events into the live assessor, its `position()` out for the cursor, and a pass judged
 * by the same assessor as everything else. With a click, the metronome counts in one bar and the
 * timing is judged against it; without, the cursor follows the player (rubato, stops, restarts).
 * A pass ends when the last note has been played and has ended (or on Stop); with a loop the next
 * pass starts at once (the tempo trainer raises the tempo after a clean pass).
 */
import { createMetronome, type Metronome } from '../audio/output/metronome';
import type { PitchService } from '../audio/stream/pitch-service-types';
import {
  createLiveAssessor,
  tempoAt,
  type AssessOptions,
  type AttemptAssessment,
  type LiveAssessor,
  type Score,
} from '../music';

/** How long after the last note ends a pass is over, ms (a breath, not a rest in the music). */
const PASS_END_MS = 600;

export interface PracticeRunOptions {
  readonly service: PitchService;
  readonly score: Score;
  readonly mode: 'follow' | 'click';
  readonly tempoPercent: number;
  readonly assess: AssessOptions;
  /** The follower moved (note index in `score`, -1 before the first). */
  onPosition(index: number): void;
  /** A pass is complete (the last note played and ended); the run carries on when looping. */
  onPass(assessment: AttemptAssessment): void;
  /** Said to the player ("Count-in…", "Play when ready"). */
  onStatus(text: string): void;
}

export interface PracticeRun {
  /** Ends the run; the attempt so far, judged (null when nothing was heard). */
  stop(): AttemptAssessment | null;
  /** Starts the next pass (a loop), at a new tempo for the click when given. */
  nextPass(tempoPercent?: number): Promise<void>;
}

/** Clicks a minute for a score at a percentage of its marked tempo (quarter notes). */
export function clickBpm(score: Score, tempoPercent: number): number {
  return Math.round((tempoAt(score.tempos, 0) * tempoPercent) / 100);
}

/** Clicks in a bar (the first bar's meter, counted in quarter notes, at least 1). */
export function beatsPerBarOf(score: Score): number {
  const time = score.times[0]?.value ?? { beats: 4, beatType: 4 };
  return Math.max(1, Math.round((time.beats * 4) / time.beatType));
}

export async function startPracticeRun(options: PracticeRunOptions): Promise<PracticeRun> {
  const { service, score } = options;
  await service.connect();
  let metronome: Metronome | null = null;
  let assessor: LiveAssessor;
  let heard = false;
  let lastPosition = -2;
  let lastNoteOffMs = Number.NaN;
  let passDone = false;
  let frame = 0;
  let countIn: ReturnType<typeof setTimeout> | undefined;

  const begin = async (tempoPercent: number): Promise<void> => {
    let assess = options.assess;
    if (options.mode === 'click') {
      metronome?.stop();
      await metronome?.dispose();
      const bpm = clickBpm(score, tempoPercent);
      const beatsPerBar = beatsPerBarOf(score);
      metronome = createMetronome({ tempoBpm: bpm, beatsPerBar });
      const start = await metronome.start(0.3);
      const originMs = start.startMs + beatsPerBar * start.beatMs; // after a one-bar count-in
      assess = { ...assess, timing: { kind: 'click', originMs, qpm: bpm } };
      options.onStatus(`Count-in: ${beatsPerBar} clicks, then play at ♩ = ${bpm}.`);
      // Once the count-in is over it no longer says so (W8: it stayed through the whole pass).
      clearTimeout(countIn);
      countIn = setTimeout(
        () => options.onStatus(`Play at ♩ = ${bpm}, with the click.`),
        Math.max(0, originMs - performance.now()),
      );
    } else {
      options.onStatus('Play when ready: the cursor follows you.');
    }
    assessor = createLiveAssessor(score, assess);
    heard = false;
    passDone = false;
    lastPosition = -2;
    lastNoteOffMs = Number.NaN;
  };
  await begin(options.tempoPercent);

  const unsubscribeReading = service.reading.subscribe((reading) => {
    if (!reading.live) return;
    assessor.reading(reading);
    if (
      !passDone &&
      lastPosition === score.notes.length - 1 &&
      reading.windowEndMs - lastNoteOffMs > PASS_END_MS
    ) {
      passDone = true;
      options.onPass(assessor.finish());
    }
  });
  const unsubscribeNotes = service.notes.subscribe((event) => {
    heard = true;
    assessor.noteEvent(event);
    if (event.type === 'note-off' && lastPosition === score.notes.length - 1) {
      lastNoteOffMs = event.offsetMs;
    }
  });
  // The cursor: polled once a frame (the follower steps on note events, not every reading).
  const poll = (): void => {
    const position = assessor.position();
    if (position !== lastPosition) {
      lastPosition = position;
      options.onPosition(position);
    }
    frame = requestAnimationFrame(poll);
  };
  frame = requestAnimationFrame(poll);

  return {
    stop() {
      cancelAnimationFrame(frame);
      clearTimeout(countIn);
      unsubscribeReading();
      unsubscribeNotes();
      metronome?.stop();
      void metronome?.dispose();
      return heard && !passDone ? assessor.finish() : null;
    },
    nextPass: (tempoPercent) => begin(tempoPercent ?? options.tempoPercent),
  };
}

/** A clean pass for the tempo trainer: one rule for pieces and exercises, in src/music. */
export {
  isCleanPass,
  cleanPassFaults,
  nextCleanStreak,
  sayCleanPassFaults,
  type CleanStreak,
} from '../music';
