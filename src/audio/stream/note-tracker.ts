/**
 * From pitch readings to note events: the one place that decides when a note starts and stops.
 * Pure and clock-agnostic (times are whatever the caller stamps readings with: the pitch service
 * uses the audio clock converted to `performance.now()`; the benchmarks use sample counts).
 *
 * The onset gate: a pitch becomes a note only once two consecutive readings agree (within
 * `agreeCents`), and the note is named by the later one. Fast mode analyses short 1024-sample
 * windows about 170 times a second and on noise a lone window sometimes looks periodic; a block
 * mode window (4096 samples, ~90 ms) that holds an attack reads the scoop into the note (a G♯ on
 * the way to A) or, in a slur, a blend of two notes that names a third (clarity 0.5–0.8 on the
 * corpus phrase). A held note survives a single stray reading of another pitch (a crack, a
 * partial) and ends after `releaseMs` without pitch.
 *
 * The onset time of a note is where the audio thread located it inside its window (the
 * accumulator's `onsetFrame`), not when it was confirmed: timing is judged from it.
 */
import { sameNote } from '../worklet/same-note';
import { windowCentreMs } from './reading';

export type NoteEvent =
  | {
      type: 'note-on';
      /** Pitch of the reading(s) that confirmed the note. */
      hz: number;
      /** Where the note began, ms on the caller's clock. */
      onsetMs: number;
      /** End of the window that confirmed it: the earliest a display could show it. */
      confirmedMs: number;
    }
  | {
      type: 'note-off';
      /** Pitch of the note that ended. */
      hz: number;
      onsetMs: number;
      /** Where it ended: the next note's onset, or about where the pitch was lost. */
      offsetMs: number;
    };

export interface TrackedReading {
  hz: number;
  windowStartMs: number;
  windowEndMs: number;
  /** Where the note this reading newly names began, or NaN (see `AnalysisResult.onsetFrame`). */
  onsetMs: number;
}

export interface NoteTrackerOptions {
  /** Consecutive agreeing readings that confirm a note, 1..8. */
  confirmReadings: number;
  /**
   * ...and for how long they must agree, ms (from the first one's window end to the last's),
   * 0..200: a scoop or a blend is a passing pitch, a note stays.
   */
  confirmMs: number;
  /**
   * Readings of a candidate must agree within this to confirm it, cents, 10..100. Fast mode's
   * readings come every 5 ms and follow an attack's scoop from below: confirming on a semitone
   * named the note the scoop passes (an E♭ on the way to E) for up to 21 ms, 16 times in 8 runs
   * of the corpus phrase; 30 ¢ showed none, at 18 ms more to the right note on screen
   * (`npm run bench:latency`).
   */
  agreeCents: number;
  /** No pitch for this long ends the note, ms (0 = at the first reading without pitch), 0..1000. */
  releaseMs: number;
  /** Time between two analyses, ms (for onsets the audio thread did not locate). */
  hopMs: number;
  /** Pitches above this are no pitch: far above any trumpet (a whistle, electronics), Hz. */
  ceilingHz?: number;
  /**
   * The last note number used (see `NoteState.id`), shared by the trackers of one stream so a
   * restarted audio thread does not reuse a number. Default: a counter of this tracker's own.
   */
  noteIds?: NoteIdCounter;
}

/** The last note number a stream gave out (0 before its first note). */
export interface NoteIdCounter {
  last: number;
}

/** The stream's settings per analysis mode (see the module comment). */
export function trackerOptionsFor(
  response: 'block' | 'fast',
  hopMs: number,
  ceilingHz?: number,
): NoteTrackerOptions {
  return response === 'fast'
    ? {
        confirmReadings: 2,
        confirmMs: FAST_CONFIRM_MS,
        agreeCents: 30,
        releaseMs: 40,
        hopMs,
        ceilingHz,
      }
    : {
        confirmReadings: 2,
        confirmMs: 0,
        agreeCents: 100,
        releaseMs: 0,
        hopMs,
        ceilingHz,
      };
}

export interface NoteState {
  /** The sounding note's pitch (recent median), 0 = none. */
  hz: number;
  onsetMs: number;
  /** The sounding note's number: each note-on takes the next (1, 2, 3 …); 0 = none. */
  id: number;
}

export interface NoteTracker {
  /** Feed one reading; returns the events it caused (0, 1 or 2: off then on), reusing one array. */
  push(reading: TrackedReading): readonly NoteEvent[];
  /** The note sounding now (hz 0 when none). */
  readonly current: Readonly<NoteState>;
  /** End the current note (the stream stopped); returns its note-off, if any. */
  flush(atMs: number): readonly NoteEvent[];
  reset(): void;
}

/**
 * Fast mode: a new pitch must hold (within agreeCents) this long before it is a note, ms. On the
 * corpus phrase at 44.1 and 48 kHz, 12–15 ms still let an attack's scoop show the note below for
 * up to 43 ms (16 times in 8 runs); 20 ms showed no wrong note (`npm run bench:latency`).
 */
export const FAST_CONFIRM_MS = 20;
/** A candidate interrupted by no pitch for at most this long still starts the next one, ms. */
const INTERRUPTED_CANDIDATE_MS = 40;

export function createNoteTracker(options: NoteTrackerOptions): NoteTracker {
  const { confirmReadings, confirmMs, releaseMs, hopMs, agreeCents } = options;
  if (!(confirmMs >= 0 && confirmMs <= 200)) {
    throw new RangeError(`confirmMs must be 0..200 ms, got ${confirmMs}`);
  }
  if (!(agreeCents >= 10 && agreeCents <= 100)) {
    throw new RangeError(`agreeCents must be 10..100 cents, got ${agreeCents}`);
  }
  const agreeRatio = 2 ** (agreeCents / 1200);
  const agree = (a: number, b: number): boolean =>
    a > 0 && b > 0 && a / b < agreeRatio && b / a < agreeRatio;
  if (!Number.isInteger(confirmReadings) || confirmReadings < 1 || confirmReadings > 8) {
    throw new RangeError(`confirmReadings must be an integer 1..8, got ${confirmReadings}`);
  }
  if (!(releaseMs >= 0 && releaseMs <= 1000)) {
    throw new RangeError(`releaseMs must be 0..1000 ms, got ${releaseMs}`);
  }
  if (!(hopMs > 0 && hopMs <= 1000)) throw new RangeError(`hopMs must be 0..1000 ms, got ${hopMs}`);
  const ceilingHz = options.ceilingHz ?? Number.POSITIVE_INFINITY;

  const noteIds = options.noteIds ?? { last: 0 };
  const current: NoteState = { hz: 0, onsetMs: Number.NaN, id: 0 };
  const events: NoteEvent[] = [];
  let candidateHz = 0;
  let candidateOnsetMs = 0;
  let candidateCount = 0;
  /** Window end of the candidate's first reading. */
  let candidateSinceMs = 0;
  /** A candidate cut short by readings without pitch, and when (see `push`). */
  let interruptedOnsetMs = Number.NaN;
  let interruptedAtMs = Number.NEGATIVE_INFINITY;
  /** End of the first window without pitch since the note last had one (NaN while voiced). */
  let unvoicedSinceMs = Number.NaN;
  let lastVoicedEndMs = 0;

  const noteOff = (offsetMs: number): void => {
    if (!(current.hz > 0)) return;
    events.push({ type: 'note-off', hz: current.hz, onsetMs: current.onsetMs, offsetMs });
    current.hz = 0;
    current.onsetMs = Number.NaN;
    current.id = 0;
  };

  const push = (reading: TrackedReading): readonly NoteEvent[] => {
    events.length = 0;
    const hz = reading.hz > 0 && reading.hz <= ceilingHz ? reading.hz : 0;
    if (!(hz > 0)) {
      if (candidateCount > 0) {
        // The noise of a tongued attack can read as no pitch between the attack's first pitched
        // window and the next: the note that follows soon began with that candidate.
        interruptedOnsetMs = candidateOnsetMs;
        interruptedAtMs = reading.windowEndMs;
      }
      candidateCount = 0;
      if (current.hz > 0) {
        if (Number.isNaN(unvoicedSinceMs)) unvoicedSinceMs = reading.windowEndMs;
        if (reading.windowEndMs - unvoicedSinceMs >= releaseMs) {
          // The pitch was lost somewhere between the last voiced window and this one.
          noteOff(Math.min(reading.windowEndMs, lastVoicedEndMs + hopMs / 2));
          unvoicedSinceMs = Number.NaN;
        }
      }
      return events;
    }
    // A reading of the held note: nearer to it than to either neighbour.
    if (sameNote(hz, current.hz)) {
      // The held note goes on; follow slow bends with a light low-pass in log frequency.
      current.hz = Math.exp(0.8 * Math.log(current.hz) + 0.2 * Math.log(hz));
      candidateCount = 0;
      unvoicedSinceMs = Number.NaN;
      lastVoicedEndMs = reading.windowEndMs;
      return events;
    }
    if (candidateCount > 0 && agree(hz, candidateHz)) {
      candidateCount++;
    } else {
      // A candidate abandoned by the very next reading (a scoop, a slur's blend) started the note
      // that follows: the onset is carried along the chain.
      const abandoned =
        candidateCount > 0
          ? candidateOnsetMs
          : reading.windowEndMs - interruptedAtMs <= INTERRUPTED_CANDIDATE_MS
            ? interruptedOnsetMs
            : Number.NaN;
      candidateHz = hz;
      candidateCount = 1;
      candidateSinceMs = reading.windowEndMs;
      candidateOnsetMs = Number.isFinite(reading.onsetMs)
        ? reading.onsetMs
        : // Not located: the first window the note fills more than half of.
          windowCentreMs(reading) - hopMs / 2;
      if (abandoned < candidateOnsetMs) candidateOnsetMs = abandoned;
    }
    if (candidateCount < confirmReadings || reading.windowEndMs - candidateSinceMs < confirmMs) {
      return events;
    }
    // Never before the note it replaces began.
    const onsetMs = current.hz > 0 ? Math.max(candidateOnsetMs, current.onsetMs) : candidateOnsetMs;
    noteOff(onsetMs);
    // The confirming reading names the note best (the first may still be in the attack's scoop).
    candidateHz = hz;
    current.hz = candidateHz;
    current.onsetMs = onsetMs;
    current.id = ++noteIds.last;
    candidateCount = 0;
    unvoicedSinceMs = Number.NaN;
    lastVoicedEndMs = reading.windowEndMs;
    events.push({ type: 'note-on', hz: candidateHz, onsetMs, confirmedMs: reading.windowEndMs });
    return events;
  };

  return {
    push,
    current,
    flush(atMs) {
      events.length = 0;
      noteOff(atMs);
      candidateCount = 0;
      unvoicedSinceMs = Number.NaN;
      return events;
    },
    reset() {
      interruptedAtMs = Number.NEGATIVE_INFINITY;
      current.hz = 0;
      current.onsetMs = Number.NaN;
      current.id = 0;
      candidateCount = 0;
      unvoicedSinceMs = Number.NaN;
      events.length = 0;
    },
  };
}
