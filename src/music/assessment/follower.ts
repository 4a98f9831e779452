/* eslint-disable max-lines -- Over 300 lines on purpose: one dynamic programme whose forward pass, back pointers and backtrack share one state. */
/**
 * The score follower: which played segment is which score note, without a metronome. A dynamic
 * programme over (played segments × score position) in the manner of on-line time warping
 * (Dixon 2005) with the jump transitions of Nakamura et al. 2016's score follower for monophonic
 * players (a restart from an earlier bar, a skipped bar, both one jump), so it survives wrong
 * notes (a substitution), extra sounds before or inside the music (an insertion: noise, a crack,
 * a stray attack) and missed notes (a deletion). Each cell also carries the player's local tempo
 * (the ratio of played to written time, updated as notes match), so a repeated pitch is matched
 * where its timing fits and rubato costs little.
 *
 * It runs incrementally: `push` one segment at a time (live, as notes end; O(score length) each),
 * `position` is where the player is now, `alignment` backtracks the best path. Where a note was
 * played more than once (a restart), the last attempt is the one judged.
 */
import type { PlayedSegment } from './performance';

/** A score note as the follower sees it: when it is written to start and what it sounds like. */
export interface FollowedNote {
  /** Written start, ms at the score's tempo map. */
  readonly startMs: number;
  /** Concert MIDI of the note (integer). */
  readonly midi: number;
  /**
   * The first note of its bar: players restart and skip to bars, so a jump landing here costs
   * less (Nakamura et al. 2016 weight repeats and skips to phrase and bar starts).
   */
  readonly barStart?: boolean;
}

export interface Alignment {
  /** Per score note: the segment judged (its last attempt), or -1 when missed. */
  readonly segmentOf: Int32Array;
  /** Per score note: the attempt it was last played in (0, 1, … after each jump), or -1. */
  readonly attemptOf: Int32Array;
  /** Per segment: the score note it was matched to (wrong or right), or -1 when extra. */
  readonly noteOf: Int32Array;
  /** Jumps taken (restarts and skips). */
  readonly jumps: number;
}

/** Costs of the edit operations, in units of "one clearly wrong pitch". */
const COST = {
  /** A different pitch where a note belonged (a wrong note). */
  wrongPitch: 2,
  /** A score note nobody played. */
  miss: 2.2,
  /** A jump to another place (restart or skip), on top of the match there. */
  jump: 4,
  /** ...more when it lands inside a bar. */
  jumpInsideBar: 0.5,
  /** Timing that does not fit the local tempo, at most. */
  timing: 1.5,
} as const;

const OP_INSERT = 0;
const OP_MATCH = 1;
const OP_JUMP = 2;
const OP_MISS = 3;
const OP_START = 4;

/**
 * Extra sound: an unpitched or short segment (noise, a blip, a crack) is cheap to ignore; a held
 * note is not, so three replayed notes cost more than the jump back that explains them.
 */
function insertCost(segment: PlayedSegment): number {
  if (!Number.isFinite(segment.midi)) return 0.1;
  const lengthMs = segment.offsetMs - segment.onsetMs;
  return (lengthMs < 120 ? 0.4 : 1.4) + Math.min(1, lengthMs / 500);
}

function pitchCost(segment: PlayedSegment, note: FollowedNote): number {
  if (!Number.isFinite(segment.midi)) return Number.POSITIVE_INFINITY;
  const semitones = Math.abs(segment.midi - note.midi);
  return semitones < 0.5 ? 0.4 * semitones : COST.wrongPitch;
}

export interface FollowerOptions {
  /**
   * Played ms per written ms when the tempo is known (a click, a given tempo): the follower keeps
   * within 1.5× of it. Without one it starts from the written tempo (ratio 1) and learns the
   * player's own.
   */
  readonly tempoRatio?: number;
  /**
   * With a click: where the score's time 0 fell on the performance's clock, ms. A segment far
   * from its note's click (more than CLICK_FREE_MS) is then a worse match for it, so a lip slur
   * that cracks up to the next partial on the beat reads as that note cracked, not as the next
   * note a beat early. Lost after a jump (a restart is off the first pass's grid).
   */
  readonly clickOriginMs?: number;
}

/** Off its click by less than this a note fits as well as on it, ms (late is not wrong). */
const CLICK_FREE_MS = 150;

export interface ScoreFollower {
  /** Feed the next played segment (in time order). */
  push(segment: PlayedSegment): void;
  /** The score note the player is most likely on now (index), or -1 before anything matched. */
  position(): number;
  alignment(): Alignment;
}

export function createScoreFollower(
  notes: readonly FollowedNote[],
  options: FollowerOptions = {},
): ScoreFollower {
  const n = notes.length;
  const width = n + 1;
  // Row state: cost and the local-tempo state of the best path into each position.
  let cost = new Float64Array(width);
  let lastOnset = new Float64Array(width);
  let lastStart = new Float64Array(width);
  let ratio = new Float64Array(width);
  /** 1 while the best path into a cell has not jumped: the click still places its notes. */
  let onClick = new Uint8Array(width);
  let next = {
    onClick: new Uint8Array(width),
    cost: new Float64Array(width),
    lastOnset: new Float64Array(width),
    lastStart: new Float64Array(width),
    ratio: new Float64Array(width),
  };
  const segments: PlayedSegment[] = [];
  /**
   * Back pointers: one operation per cell (1 byte; the previous position follows from it: an
   * insertion stays, a match or a miss comes from one to the left) and, per row, where a jump
   * came from (the best cell of the row before). M segments × N notes bytes in all.
   */
  const ops: Uint8Array[] = [];
  const jumpFrom: number[] = [];
  const givenRatio = options.tempoRatio ?? Number.NaN;
  const startRatio = Number.isFinite(givenRatio) ? givenRatio : 1;

  const first = new Uint8Array(width);
  for (let i = 0; i < width; i++) {
    // Start at the beginning, or anywhere for a jump's cost (a player starting at a later bar).
    // Not starting at the beginning costs a little more than a miss inside the music, so a note
    // missed early in a run of repeated pitches is placed where the timing says (ties go inside).
    const missed = i * (COST.miss + 0.1);
    cost[i] = Math.min(missed, i === 0 ? 0 : COST.jump);
    first[i] = i === 0 ? OP_START : missed <= COST.jump ? OP_MISS : OP_START;
    lastOnset[i] = Number.NaN;
    lastStart[i] = Number.NaN;
    ratio[i] = startRatio;
    onClick[i] = first[i] === OP_START && i > 0 ? 0 : 1;
  }
  ops.push(first);
  jumpFrom.push(-1);

  function timingCost(p: number, segment: PlayedSegment, note: FollowedNote): number {
    const onset = lastOnset[p];
    const written = note.startMs - lastStart[p];
    const r = ratio[p];
    if (!Number.isFinite(onset) || !(written > 0) || !Number.isFinite(r)) return 0;
    const played = segment.onsetMs - onset;
    const deviation = Math.abs(Math.log((Math.max(0, played) + 60) / (written * r + 60)));
    return Math.min(COST.timing, 1.2 * deviation);
  }

  const clickOriginMs = options.clickOriginMs ?? Number.NaN;
  const clickRatio = Number.isFinite(givenRatio) ? givenRatio : 1;
  function clickCost(p: number, segment: PlayedSegment, note: FollowedNote): number {
    if (!Number.isFinite(clickOriginMs) || onClick[p] !== 1) return 0;
    const offMs = Math.abs(segment.onsetMs - (clickOriginMs + note.startMs * clickRatio));
    return Math.min(COST.timing, Math.max(0, offMs - CLICK_FREE_MS) / 200);
  }

  function updatedRatio(p: number, segment: PlayedSegment, note: FollowedNote): number {
    const onset = lastOnset[p];
    const written = note.startMs - lastStart[p];
    const r = ratio[p];
    if (!Number.isFinite(onset) || !(written > 0)) return r;
    const observed = Math.max(0.2, Math.min(5, (segment.onsetMs - onset) / written));
    if (!Number.isFinite(r)) return observed;
    // A given tempo stays the reference; a learnt one follows the player (rubato) smoothly.
    const blended = 0.7 * r + 0.3 * observed;
    return Number.isFinite(givenRatio)
      ? Math.min(givenRatio * 1.5, Math.max(givenRatio / 1.5, blended))
      : blended;
  }

  function push(segment: PlayedSegment): void {
    segments.push(segment);
    const row = new Uint8Array(width);
    const ins = insertCost(segment);
    let best = 0;
    for (let i = 0; i < width; i++) {
      next.cost[i] = cost[i] + ins;
      next.lastOnset[i] = lastOnset[i];
      next.lastStart[i] = lastStart[i];
      next.ratio[i] = ratio[i];
      next.onClick[i] = onClick[i];
      row[i] = OP_INSERT;
      if (cost[i] < cost[best]) best = i;
    }
    for (let i = 0; i < n; i++) {
      const note = notes[i];
      const pitch = pitchCost(segment, note);
      if (!Number.isFinite(pitch)) break;
      const match = cost[i] + pitch + timingCost(i, segment, note) + clickCost(i, segment, note);
      const jump = cost[best] + COST.jump + (note.barStart ? 0 : COST.jumpInsideBar) + pitch;
      const useJump = jump < match && best !== i;
      const candidate = useJump ? jump : match;
      if (candidate < next.cost[i + 1]) {
        next.cost[i + 1] = candidate;
        next.lastOnset[i + 1] = segment.onsetMs;
        next.lastStart[i + 1] = note.startMs;
        next.ratio[i + 1] = useJump ? ratio[best] : updatedRatio(i, segment, note);
        next.onClick[i + 1] = useJump ? 0 : onClick[i];
        row[i + 1] = useJump ? OP_JUMP : OP_MATCH;
      }
    }
    // Missed notes: move along the score without a segment.
    for (let i = 1; i < width; i++) {
      const candidate = next.cost[i - 1] + COST.miss;
      if (candidate < next.cost[i]) {
        next.cost[i] = candidate;
        next.lastOnset[i] = next.lastOnset[i - 1];
        next.lastStart[i] = next.lastStart[i - 1];
        next.ratio[i] = next.ratio[i - 1];
        next.onClick[i] = next.onClick[i - 1];
        row[i] = OP_MISS;
      }
    }
    ops.push(row);
    jumpFrom.push(best);
    const swap = { cost, lastOnset, lastStart, ratio, onClick };
    cost = next.cost;
    onClick = next.onClick;
    lastOnset = next.lastOnset;
    lastStart = next.lastStart;
    ratio = next.ratio;
    next = swap;
  }

  function position(): number {
    if (segments.length === 0) return -1;
    let best = 0;
    for (let i = 1; i < width; i++) if (cost[i] < cost[best]) best = i;
    return best - 1;
  }

  function alignment(): Alignment {
    // Backtrack from the end of the score after the last segment.
    const steps: { op: number; note: number; segment: number; from: number }[] = [];
    let r = segments.length;
    let i = n;
    for (;;) {
      const op = ops[r][i];
      const prev = op === OP_INSERT ? i : op === OP_JUMP ? jumpFrom[r] : i - 1;
      if (op === OP_START) {
        if (i > 0) steps.push({ op, note: i - 1, segment: -1, from: -1 });
        break;
      }
      steps.push({ op, note: i - 1, segment: op === OP_MISS ? -1 : r - 1, from: prev });
      i = prev;
      if (op !== OP_MISS) r--;
    }
    steps.reverse();

    const segmentOf = new Int32Array(n).fill(-1);
    const attemptOf = new Int32Array(n).fill(-1);
    const noteOf = new Int32Array(segments.length).fill(-1);
    let attempt = 0;
    let jumps = 0;
    const missRange = (fromNote: number, toNote: number): void => {
      for (let k = fromNote; k < toNote; k++) {
        segmentOf[k] = -1;
        attemptOf[k] = -1;
      }
    };
    for (const step of steps) {
      switch (step.op) {
        case OP_START:
          missRange(0, step.note + 1);
          break;
        case OP_MISS:
          missRange(step.note, step.note + 1);
          break;
        case OP_JUMP:
          attempt++;
          jumps++;
          // A forward jump skips the notes in between.
          if (step.note > step.from) missRange(step.from, step.note);
          segmentOf[step.note] = step.segment;
          attemptOf[step.note] = attempt;
          noteOf[step.segment] = step.note;
          break;
        case OP_MATCH:
          segmentOf[step.note] = step.segment;
          attemptOf[step.note] = attempt;
          noteOf[step.segment] = step.note;
          break;
        default:
          break;
      }
    }
    // A segment matched in an earlier attempt and replayed later is no longer the one judged.
    for (let s = 0; s < noteOf.length; s++) {
      const k = noteOf[s];
      if (k >= 0 && segmentOf[k] !== s) noteOf[s] = -1;
    }
    return { segmentOf, attemptOf, noteOf, jumps };
  }

  return { push, position, alignment };
}

/** Offline: align a whole performance at once. */
export function alignSegments(
  notes: readonly FollowedNote[],
  segments: readonly PlayedSegment[],
  options: FollowerOptions = {},
): Alignment {
  const follower = createScoreFollower(notes, options);
  for (const segment of segments) follower.push(segment);
  return follower.alignment();
}
