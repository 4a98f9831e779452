/**
 * Level dips at fine resolution, on the audio thread: what tells a tongued note from a slurred one
 * (issue 11). A tongue stroke stops the air for 10–40 ms, so the level dips and comes back; a slur
 * keeps the air going, so it does not. A block-mode window (4096 samples, ~93 ms) averages such a
 * dip away (its `levelDb` moved < 4 dB on 7 of the corpus phrase's 8 tongued changes), so the
 * accumulator feeds every 128-sample chunk's energy here and each result carries the dips found
 * since the previous one, on the audio clock.
 *
 * The envelope is the RMS over two chunks (256 samples, 5.3–5.8 ms at 44.1/48 kHz): short enough to
 * fall fully inside a 10 ms gap whatever its phase. A dip's bottom is the lowest such level within
 * ±DIP_REACH_S (the first of a flat bottom); its depth, how far it lies below the lower of the
 * highest levels in the DIP_REACH_S before it and the RECOVERY_REACH_S after it, those judged over
 * four chunks (~12 ms) so a steady tone's ripple does not add depth. Its time
 * is the re-attack: the first chunk after the bottom back above half the depth. So a dip is
 * confirmed RECOVERY_REACH_S after its bottom (the result that carries it is that much later, its
 * time is not). Silences longer than about RECOVERY_REACH_S are not dips but note ends, which the
 * stream's note tracker already reports.
 *
 * Everything is allocated in the constructor; `push` allocates nothing.
 */
import { LEVEL_FLOOR_DB } from './messages.ts';

/** At most this many dips ride on one result (the deepest are kept); valleys are ≥ 40 ms apart. */
export const MAX_DIPS_PER_RESULT = 4;
/** Valleys shallower than this are amplitude flutter, not reported, dB. */
export const REPORTED_DIP_DB = 2;
/** A dip's bottom is the lowest level within this either side, and its "before" level the highest within this before it, s. */
export const DIP_REACH_S = 0.04;
/** The "after" level: the highest within this after the bottom (covers a gap up to ~this long), s. */
export const RECOVERY_REACH_S = 0.08;
/** Chunks kept before the first "before" position (the reference level spans 2 before, 1 after). */
const LEAD = 2;

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
  private readonly chunkSamples: number;
  /** Ring of each chunk's mean square and the audio-clock frame just after it; `pos` is the oldest. */
  private readonly energy: Float64Array;
  private readonly ends: Float64Array;
  private pos = 0;
  private filled = 0;

  constructor(sampleRate: number, chunkSamples = 128) {
    if (!(sampleRate >= 8000 && sampleRate <= 192_000)) {
      throw new RangeError(`sampleRate must be 8000..192000 Hz, got ${sampleRate}`);
    }
    this.chunkSamples = chunkSamples;
    this.reach = Math.max(2, Math.round((DIP_REACH_S * sampleRate) / chunkSamples));
    this.recovery = Math.max(
      this.reach,
      Math.round((RECOVERY_REACH_S * sampleRate) / chunkSamples),
    );
    // LEAD chunks before the first "before" position, the bottom, the recovery, one chunk after.
    const size = LEAD + this.reach + 1 + this.recovery + 1;
    this.energy = new Float64Array(size);
    this.ends = new Float64Array(size);
  }

  /** One chunk: its sum of squares, its length and the audio-clock frame just after it. */
  push(sumSquares: number, samples: number, endFrame: number): void {
    const size = this.energy.length;
    this.energy[this.pos] = samples > 0 ? sumSquares / samples : 0;
    this.ends[this.pos] = endFrame;
    this.pos = (this.pos + 1) % size;
    if (this.filled < size) this.filled++;
    if (this.filled === size) this.examine();
  }

  /** Forget the envelope (the input was interrupted) and any dips not yet taken. */
  clear(): void {
    this.pos = 0;
    this.filled = 0;
    this.found.count = 0;
  }

  /** Call after reading `found`: the next result carries only newer dips. */
  take(): void {
    this.found.count = 0;
  }

  /** Mean square of the two chunks ending at ring position `p` (counted from the oldest). */
  private short(p: number): number {
    const e = this.energy;
    const size = e.length;
    const o = this.pos;
    return (e[(o + p - 1) % size] + e[(o + p) % size]) / 2;
  }

  /**
   * Mean square of four chunks centred where `short(p)` is: the level around a dip is
   * judged on a longer span, so a steady tone's ripple (a 2-chunk window holds only one or two
   * periods of a low note) does not read as depth.
   */
  private reference(p: number): number {
    const e = this.energy;
    const size = e.length;
    const o = this.pos;
    return (
      (e[(o + p - 2) % size] + e[(o + p - 1) % size] + e[(o + p) % size] + e[(o + p + 1) % size]) /
      4
    );
  }

  /** Is the chunk `reach` after the first "before" position a dip's bottom? */
  private examine(): void {
    const size = this.energy.length;
    const c = LEAD + this.reach;
    const bottom = this.short(c);
    let before = 0;
    for (let p = LEAD; p < c; p++) {
      if (this.short(p) <= bottom) return; // not the first lowest within reach
      const v = this.reference(p);
      if (v > before) before = v;
    }
    let after = 0;
    for (let p = c + 1; p < size - 1; p++) {
      if (p - c <= this.reach && this.short(p) < bottom) return;
      const v = this.reference(p);
      if (v > after) after = v;
    }
    const around = before < after ? before : after;
    if (!(around > 0)) return;
    const bottomDb = bottom > 0 ? 10 * Math.log10(bottom) : LEVEL_FLOOR_DB;
    const depth = 10 * Math.log10(around) - (bottomDb < LEVEL_FLOOR_DB ? LEVEL_FLOOR_DB : bottomDb);
    if (!(depth >= REPORTED_DIP_DB)) return;
    // The re-attack: the first short-term level back above half the depth (in dB).
    const half = around * 10 ** (-depth / 20);
    let attack = c + 1;
    while (attack < size - 2 && this.short(attack) < half) attack++;
    const frame = this.ends[(this.pos + attack) % size] - this.chunkSamples;
    this.record(frame, depth);
  }

  private record(frame: number, depthDb: number): void {
    const found = this.found;
    let slot = found.count;
    if (slot === MAX_DIPS_PER_RESULT) {
      // Full (results held back for long): keep the deepest.
      slot = 0;
      for (let k = 1; k < MAX_DIPS_PER_RESULT; k++) {
        if (found.depthsDb[k] < found.depthsDb[slot]) slot = k;
      }
      if (found.depthsDb[slot] >= depthDb) return;
    } else {
      found.count++;
    }
    found.attackFrames[slot] = frame;
    found.depthsDb[slot] = depthDb;
  }
}
