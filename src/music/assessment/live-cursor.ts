/**
 * The cursor a player reads along with (issue 36, H1: the settled follower moved only once a note
 * had ended and 400 ms more had passed, ~1.6 s behind the player, and after a restart from bar 5
 * walked bars 1–3 for 9 s). This one moves on each note start the stream reports, at once:
 * the place in the score whose notes best match the last few starts heard (newest counting most),
 * less what getting there costs (the next note free, a skip a little, a jump more; after a stop a
 * jump back to a bar start least). So a wrong note moves it one on (a player keeps going), a
 * skipped note lands where the pitch says, a restart two bars back or a skipped bar is found
 * within a note or two, and repeated notes move it on their re-attacks.
 * The offline assessor still judges the pass (`finish`); this only says where the player is.
 * Pure: no clock of its own, every time is the stream's.
 */

export interface CursorNote {
  /** Concert MIDI. */
  readonly midi: number;
  /** The note starts a bar (a restart lands on one more often than not). */
  readonly barStart: boolean;
}

export interface LiveCursor {
  /** A note started at `onsetMs` (the stream's clock) on `midi` (concert, rounded; null: unknown). */
  onset(onsetMs: number, midi: number | null): void;
  /** The sound stopped at `atMs` (a note-off with nothing after it yet). */
  silence(atMs: number): void;
  /** The score note the player is on (index), or -1 before the first. */
  position(): number;
}

/**
 * Earlier evidence is kept whole (1: no fading): a path that jumped pays for it for good, so a
 * jump is taken only when the notes after it match better than the path that did not jump — two
 * matching starts after a skip or a restart, never a coincidence in a repeated figure.
 */
const FADE = 1;
/**
 * A second note-on this soon after the first, a semitone from it, is the same attack settling
 * (a trumpet's attack starts low, and the stream first names the semitone below): the first
 * start is decided again on the pitch it settled on, not counted twice, ms.
 */
const SETTLING_MS = 90;
/** A start after this much silence may be a restart anywhere, ms. */
const RESTART_SILENCE_MS = 1200;
/**
 * What a path pays to skip one note or two (twice as much after a stop: a restart is at a bar
 * start, not a note on), or to stay on a note (a double start; free on the last note: the piece
 * is over, what follows does not move the cursor), points.
 */
const SKIP_ONE = 0.6;
const SKIP_TWO = 1;
const STAY = 0.8;
/** The cursor's own path is kept on a tie with another that fits as well (a repeated figure). */
const KEEP = 0.05;

/**
 * What a jump costs, points (a start on the right pitch earns 1): while playing on, more than two
 * matching starts' worth of fading evidence, so one coincidence never moves the cursor; after a
 * stop or before the first note much less, a bar start least (a player starts or restarts at a
 * bar, and goes back more often than forward).
 */
function jumpCost(from: number, to: number, barStart: boolean, afterStop: boolean): number {
  if (!afterStop) return barStart ? 1.2 : 1.5;
  if (from < 0) return to === 0 ? 0 : barStart ? 0.8 : 1.6;
  if (to <= from) return barStart ? 0.8 : 1.6;
  return barStart ? 1.2 : 2;
}

/**
 * An online Viterbi over the score's notes: each start, every note's best path (the next note
 * free, a skip a little, a jump by `jumpCost`) plus 1 where the pitch heard is that note's, with
 * the past fading by FADE; the cursor is the best. A wrong note earns nothing anywhere, so the
 * path that carries on one note wins: a player keeps going, so does the cursor.
 */
export function createLiveCursor(notes: readonly CursorNote[]): LiveCursor {
  const n = notes.length;
  // Two rows, allocated once: a start costs O(n) and no allocation.
  let score = new Float64Array(n);
  let next = new Float64Array(n);
  /** The row and state before the last start, to decide it again when its attack settles. */
  const before = new Float64Array(n);
  let beforePosition = -1;
  let beforeAfterStop = true;
  let lastOnsetMs = Number.NEGATIVE_INFINITY;
  let lastMidi: number | null = null;
  let position = -1;
  let silentSinceMs = Number.NaN;
  let afterStop = true;

  return {
    onset(onsetMs, midi) {
      if (n === 0) return;
      const settling =
        onsetMs - lastOnsetMs < SETTLING_MS &&
        midi !== null &&
        lastMidi !== null &&
        Math.abs(midi - lastMidi) === 1;
      if (settling) {
        score.set(before);
        position = beforePosition;
        afterStop = beforeAfterStop;
      } else {
        if (Number.isFinite(silentSinceMs) && onsetMs - silentSinceMs >= RESTART_SILENCE_MS) {
          afterStop = true;
        }
        before.set(score);
        beforePosition = position;
        beforeAfterStop = afterStop;
        lastOnsetMs = onsetMs;
      }
      lastMidi = midi;
      silentSinceMs = Number.NaN;
      const bestBefore = position < 0 ? 0 : score[position];
      let best = -1;
      for (let j = 0; j < n; j++) {
        const note = notes[j];
        const heard = midi !== null && note.midi === midi ? 1 : 0;
        let from = FADE * bestBefore - jumpCost(position, j, note.barStart, afterStop);
        if (position >= 0) {
          const skip = afterStop ? 2 : 1;
          const own = j === position + 1 ? KEEP : 0;
          if (j >= 1) from = Math.max(from, FADE * score[j - 1] + own);
          if (j >= 2) from = Math.max(from, FADE * score[j - 2] - skip * SKIP_ONE);
          if (j >= 3) from = Math.max(from, FADE * score[j - 3] - skip * SKIP_TWO);
          const stay = j === n - 1 ? (j === position ? KEEP : 0) : -STAY;
          from = Math.max(from, FADE * score[j] + stay);
        }
        next[j] = heard + from;
        if (best < 0 || next[j] > next[best] + 1e-9) best = j;
      }
      [score, next] = [next, score];
      position = best;
      afterStop = false;
    },
    silence(atMs) {
      silentSinceMs = atMs;
    },
    position: () => position,
  };
}
