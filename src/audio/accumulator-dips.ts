/**
 * Level dips at fine resolution, on the audio thread: what tells a tongued note from a slurred one
 * (issue 11). A tongue stroke stops the air for 10–40 ms, so the level dips and comes back; a slur
 * keeps the air going, so it does not. A block-mode window (4096 samples, ~93 ms) averages such a
 * dip away (its `levelDb` moved < 4 dB on 7 of the corpus phrase's 8 tongued changes), so the
 * accumulator feeds every 128-sample chunk's energy here and each result carries the dips found
 * since the previous one, on the audio clock.
 *
 * The envelope is the RMS over the last two chunks (256 samples, 5.3–5.8 ms at 44.1/48 kHz): short
 * enough to fall fully inside a 10 ms gap whatever its phase. A dip is a chunk whose level is the
 * lowest within ±DIP_REACH_S (the first of a flat bottom), as deep as the lower of the highest
 * level in the DIP_REACH_S before it and in the RECOVERY_REACH_S after it, minus its own. Its time
 * is the re-attack: the first chunk after the bottom back above half the depth. So a dip is
 * confirmed RECOVERY_REACH_S after its bottom (the result that carries it is that much later, its
 * time is not). Silences longer than about RECOVERY_REACH_S are not dips but note ends, which the
 * stream's note tracker already reports.
 *
 * Everything is allocated in the constructor; `push` allocates nothing.
 */
import { LEVEL_FLOOR_DB } from './pitch-service-types.ts';

/** At most this many dips ride on one result (the deepest are kept); valleys are ≥ 40 ms apart. */
export const MAX_DIPS_PER_RESULT = 4;
/** Valleys shallower than this are amplitude flutter, not reported, dB. */
export const REPORTED_DIP_DB = 2;
/** A dip's bottom is the lowest level within this either side, and its "before" level the highest within this before it, s. */
export const DIP_REACH_S = 0.04;
/** The "after" level: the highest within this after the bottom (covers a gap up to ~this long), s. */
export const RECOVERY_REACH_S = 0.08;
/** Chunks in the short-term level (2 × 128 samples). */
const SHORT_TERM_CHUNKS = 2;

/** The dips found since the last `take()`; reused, copy what you keep. */
export interface DipList {
  count: number;
  /** Audio-clock frame of each dip's re-attack (the level back above half the depth). */
  readonly attackFrames: Float64Array;
  /** Depth of each dip below the lower of the levels around it, dB (≥ REPORTED_DIP_DB). */
  readonly depthsDb: Float64Array;
}

export class LevelDipFinder {
  readonly found: DipList = {
    count: 0,
    attackFrames: new Float64Array(MAX_DIPS_PER_RESULT),
    depthsDb: new Float64Array(MAX_DIPS_PER_RESULT),
  };
  /** Chunks in DIP_REACH_S and RECOVERY_REACH_S. */
  private readonly reach: number;
  private readonly recovery: number;
  /** Ring of short-term levels (dB) and their centres' frames, reach + 1 + recovery long. */
  private readonly levels: Float64Array;
  private readonly frames: Float64Array;
  private readonly previousSq: Float64Array;
  private readonly previousN: Float64Array;
  private pos = 0;
  private filled = 0;
  private chunks = 0;

  constructor(sampleRate: number, chunkSamples = 128) {
    if (!(sampleRate >= 8000 && sampleRate <= 192_000)) {
      throw new RangeError(`sampleRate must be 8000..192000 Hz, got ${sampleRate}`);
    }
    this.reach = Math.max(2, Math.round((DIP_REACH_S * sampleRate) / chunkSamples));
    this.recovery = Math.max(this.reach, Math.round((RECOVERY_REACH_S * sampleRate) / chunkSamples));
    const size = this.reach + 1 + this.recovery;
    this.levels = new Float64Array(size);
    this.frames = new Float64Array(size);
    this.previousSq = new Float64Array(SHORT_TERM_CHUNKS - 1);
    this.previousN = new Float64Array(SHORT_TERM_CHUNKS - 1);
  }

  /** One chunk: its sum of squares, its length and the audio-clock frame just after it. */
  push(sumSquares: number, samples: number, endFrame: number): void {
    let sq = sumSquares;
    let n = samples;
    const prevSq = this.previousSq;
    const prevN = this.previousN;
    for (let k = 0; k < prevSq.length; k++) {
      sq += prevSq[k] as number;
      n += prevN[k] as number;
    }
    for (let k = prevSq.length - 1; k > 0; k--) {
      prevSq[k] = prevSq[k - 1] as number;
      prevN[k] = prevN[k - 1] as number;
    }
    if (prevSq.length > 0) {
      prevSq[0] = sumSquares;
      prevN[0] = samples;
    }
    this.chunks++;
    if (this.chunks < SHORT_TERM_CHUNKS) return;
    const meanSquare = sq / n;
    const db = meanSquare > 0 ? 10 * Math.log10(meanSquare) : LEVEL_FLOOR_DB;
    const size = this.levels.length;
    this.levels[this.pos] = db < LEVEL_FLOOR_DB ? LEVEL_FLOOR_DB : db;
    this.frames[this.pos] = endFrame - n / 2;
    this.pos = (this.pos + 1) % size;
    if (this.filled < size) this.filled++;
    if (this.filled === size) this.examine();
  }

  /** Forget the envelope (the input was interrupted) and any dips not yet taken. */
  clear(): void {
    this.pos = 0;
    this.filled = 0;
    this.chunks = 0;
    this.previousSq.fill(0);
    this.previousN.fill(0);
    this.found.count = 0;
  }

  /** Call after reading `found`: the next result carries only newer dips. */
  take(): void {
    this.found.count = 0;
  }

  /** Is the chunk `reach` after the oldest in the ring a dip? (The ring is full; `pos` is its oldest.) */
  private examine(): void {
    const levels = this.levels;
    const size = levels.length;
    const oldest = this.pos;
    const c = this.reach;
    const bottom = levels[(oldest + c) % size] as number;
    let before = LEVEL_FLOOR_DB;
    for (let k = 0; k < c; k++) {
      const v = levels[(oldest + k) % size] as number;
      if (v <= bottom) return; // not the first lowest within reach
      if (v > before) before = v;
    }
    let after = LEVEL_FLOOR_DB;
    for (let k = c + 1; k < size; k++) {
      const v = levels[(oldest + k) % size] as number;
      if (k - c <= c && v < bottom) return;
      if (v > after) after = v;
    }
    const depth = (before < after ? before : after) - bottom;
    if (!(depth >= REPORTED_DIP_DB)) return;
    let attack = c + 1;
    while (attack < size - 1 && (levels[(oldest + attack) % size] as number) < bottom + depth / 2) {
      attack++;
    }
    this.record(this.frames[(oldest + attack) % size] as number, depth);
  }

  private record(frame: number, depthDb: number): void {
    const found = this.found;
    let slot = found.count;
    if (slot === MAX_DIPS_PER_RESULT) {
      // Full (results held back for long): keep the deepest.
      slot = 0;
      for (let k = 1; k < MAX_DIPS_PER_RESULT; k++) {
        if ((found.depthsDb[k] as number) < (found.depthsDb[slot] as number)) slot = k;
      }
      if ((found.depthsDb[slot] as number) >= depthDb) return;
    } else {
      found.count++;
    }
    found.attackFrames[slot] = frame;
    found.depthsDb[slot] = depthDb;
  }
}
