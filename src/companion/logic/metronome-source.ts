import type { Click, ClickKind, ClickSource } from '../../audio/output/click-source';
import { checkMeter, type Meter } from './meter';
import {
  DEFAULT_CLEAN_PASSES_IN_A_ROW,
  nextCleanStreak,
  validateCleanPassesInARow,
  type CleanStreak,
} from '../../music';

/**
 * The metronome's pattern as a pull-based click source (src/audio/output/click-source.ts): meter
 * and grouping, subdivision and swing, an accent per beat, gap bars and the speed trainer.
 *
 * No drift, by construction: a click's time is computed from integers (the number of units since
 * the current tempo began, the subdivision index) in one division, never by adding a float per
 * click; a tempo change starts a new segment whose start is the exact sum of the previous
 * segments' lengths (Neumaier-compensated, one rounding per change, not per click).
 */

export const TEMPO_RANGE_BPM = { min: 30, max: 300 } as const;
/** Subdivisions of the unit: none, eighths (of a quarter), triplets, sixteenths. */
export const SUBDIVISIONS = [1, 2, 3, 4] as const;
export type Subdivision = (typeof SUBDIVISIONS)[number];
/** Swing: the first of each pair of subdivisions takes this share of the pair (0.5 straight, 2/3 triplet swing, 0.75 dotted). */
export const SWING_RANGE = { min: 0.5, max: 0.75 } as const;

export type BeatAccent = 'accent' | 'normal' | 'silent';

export interface GapBars {
  /** Bars played, then bars muted, repeating. */
  playBars: number;
  muteBars: number;
}

export interface SpeedTrainer {
  /** Tempo at the start; the config's `bpm` is ignored while a trainer runs. */
  startBpm: number;
  /** Tempo it stops raising at. */
  targetBpm: number;
  /** bpm added per step (1..50). */
  stepBpm: number;
  /**
   * 'bars': a step every `everyBars` bars; 'clean-pass': a step after `cleanPassesInARow` clean
   * passes in a row reported by `pass()` (an exercise or piece judged; a pass that is not clean
   * starts the count again: issue 37, U2).
   */
  mode: 'bars' | 'clean-pass';
  everyBars: number;
  /** Clean passes in a row before a step, 1..5 (absent, as in configs saved before: 2). */
  cleanPassesInARow?: number;
}

export interface MetronomeConfig {
  /** Units per minute (quarter notes in x/4, eighths in x/8), 30..300. */
  bpm: number;
  meter: Meter;
  subdivision: Subdivision;
  /** 0.5..0.75; applies to pairs of subdivisions (eighths or sixteenths). */
  swing: number;
  /** One per beat of the meter's grouping. */
  accents: readonly BeatAccent[];
  gap: GapBars | null;
  trainer: SpeedTrainer | null;
}

/** A click with what the view shows beside it. */
export interface MetronomeClick extends Click {
  /** The tempo this click was scheduled at. */
  bpm: number;
  /** In a muted bar of the gap drill (kind is then 'silent' and the pulse stays dark too). */
  gap: boolean;
  /** Subdivision index within its unit, and unit index within its beat (0, 0 = on the beat). */
  part: number;
  unitInBeat: number;
}

export interface MetronomeSource extends ClickSource {
  next(): MetronomeClick;
  /** Set the tempo from the next unit on (a ±1 tap while playing). Clamped to 30..300. */
  setTempo(bpm: number): void;
  /**
   * Speed trainer in 'clean-pass' mode: one judged pass. After the trainer's number of clean
   * passes in a row, one step up from the next bar (stops at the target); a pass that is not
   * clean starts the count again.
   */
  pass(clean: boolean): void;
  /** Clean passes in a row so far toward the next step, and how many it needs (null: no clean-pass trainer). */
  readonly streak: CleanStreak | null;
  /** The tempo the next click will have. */
  readonly bpm: number;
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max;
}

/** Throws a RangeError naming what is allowed; returns the config. */
export function checkMetronomeConfig(config: MetronomeConfig): MetronomeConfig {
  const { min, max } = TEMPO_RANGE_BPM;
  if (!inRange(config.bpm, min, max)) {
    throw new RangeError(`Tempo must be ${min}..${max} bpm, got ${config.bpm}`);
  }
  checkMeter(config.meter);
  if (!SUBDIVISIONS.includes(config.subdivision)) {
    throw new RangeError(`Subdivision must be 1, 2, 3 or 4, got ${String(config.subdivision)}`);
  }
  if (!inRange(config.swing, SWING_RANGE.min, SWING_RANGE.max)) {
    throw new RangeError(`Swing must be 0.5..0.75, got ${config.swing}`);
  }
  if (config.accents.length !== config.meter.grouping.length) {
    throw new RangeError(
      `Accents: one per beat (${config.meter.grouping.length}), got ${config.accents.length}`,
    );
  }
  const { gap, trainer } = config;
  if (gap && !(isCount(gap.playBars, 1, 64) && isCount(gap.muteBars, 1, 64))) {
    throw new RangeError(
      `Gap bars: play 1..64 and mute 1..64 bars, got ${gap.playBars}/${gap.muteBars}`,
    );
  }
  if (trainer) {
    if (
      !inRange(trainer.startBpm, min, max) ||
      !inRange(trainer.targetBpm, trainer.startBpm, max)
    ) {
      throw new RangeError(
        `Speed trainer: start ${min}..${max} bpm and target from the start to ${max}, got ${trainer.startBpm} → ${trainer.targetBpm}`,
      );
    }
    if (!isCount(trainer.stepBpm, 1, 50) || !isCount(trainer.everyBars, 1, 64)) {
      throw new RangeError(
        `Speed trainer: step 1..50 bpm every 1..64 bars, got +${trainer.stepBpm} every ${trainer.everyBars}`,
      );
    }
    try {
      validateCleanPassesInARow(trainer.cleanPassesInARow ?? DEFAULT_CLEAN_PASSES_IN_A_ROW);
    } catch (error) {
      throw new RangeError(`Speed trainer: ${(error as Error).message}`, { cause: error });
    }
  }
  return config;
}

function isCount(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Is `bar` (0-based) a muted bar of the gap drill? */
export function isGapBar(gap: GapBars | null, bar: number): boolean {
  return gap !== null && bar % (gap.playBars + gap.muteBars) >= gap.playBars;
}

/** Where subdivision `part` of `sub` falls within its unit, as a fraction of the unit. */
function partFraction(part: number, sub: Subdivision, swing: number): number {
  if (swing === 0.5 || sub % 2 !== 0 || part % 2 === 0) return part / sub;
  // The second of a swung pair: the pair starts at (part-1)/sub and lasts 2/sub.
  return (part - 1 + 2 * swing) / sub;
}

export function createMetronomeSource(input: MetronomeConfig): MetronomeSource {
  const config = checkMetronomeConfig(input);
  const { meter, subdivision: sub, swing, accents, gap, trainer } = config;
  const grouping = meter.grouping;
  const clampBpm = (bpm: number): number =>
    Math.min(TEMPO_RANGE_BPM.max, Math.max(TEMPO_RANGE_BPM.min, bpm));

  let bpm = trainer ? trainer.startBpm : config.bpm;
  // The current tempo segment: its first unit (counted from the start) and its start time, kept
  // as a compensated sum (`segStartS + segStartErrS`).
  let segStartUnit = 0;
  let segStartS = 0;
  let segStartErrS = 0;
  // Where the next click is.
  let bar = 0;
  let beat = 0;
  let unitInBeat = 0;
  let part = 0;
  let unitIndex = 0; // units since the start
  let pendingBpm: number | null = null;
  let pendingAtBar = false;
  let raises = 0; // clean-pass steps taken
  let streak: CleanStreak | null =
    trainer?.mode === 'clean-pass'
      ? { inARow: 0, needed: trainer.cleanPassesInARow ?? DEFAULT_CLEAN_PASSES_IN_A_ROW }
      : null;

  const startSegment = (newBpm: number): void => {
    if (newBpm === bpm) return;
    // Neumaier: add this segment's exact length (one division) to the running start.
    const lengthS = (60 * (unitIndex - segStartUnit)) / bpm;
    const sum = segStartS + lengthS;
    segStartErrS +=
      Math.abs(segStartS) >= Math.abs(lengthS)
        ? segStartS - sum + lengthS
        : lengthS - sum + segStartS;
    segStartS = sum;
    segStartUnit = unitIndex;
    bpm = newBpm;
  };

  const trainerBpmForBar = (b: number): number => {
    if (!trainer) return bpm;
    const steps = trainer.mode === 'bars' ? Math.floor(b / trainer.everyBars) : raises;
    return Math.min(trainer.targetBpm, trainer.startBpm + steps * trainer.stepBpm);
  };

  const source: MetronomeSource = {
    get bpm() {
      return bpm;
    },
    setTempo(value: number) {
      if (!Number.isFinite(value)) throw new RangeError(`Tempo must be a number, got ${value}`);
      pendingBpm = clampBpm(Math.round(value));
      pendingAtBar = false;
    },
    get streak() {
      return streak;
    },
    pass(clean: boolean) {
      if (streak === null) return;
      const next = nextCleanStreak(streak, clean);
      streak = next.streak;
      if (!next.raise) return;
      raises++;
      pendingBpm = trainerBpmForBar(bar);
      pendingAtBar = true;
    },
    next(): MetronomeClick {
      // Tempo changes take effect on a unit (manual) or bar (trainer) boundary.
      if (part === 0) {
        const barStart = beat === 0 && unitInBeat === 0;
        if (barStart && trainer?.mode === 'bars') startSegment(trainerBpmForBar(bar));
        if (pendingBpm !== null && (!pendingAtBar || barStart)) {
          startSegment(pendingBpm);
          pendingBpm = null;
        }
      }
      const unitsIn = unitIndex - segStartUnit;
      const fraction = partFraction(part, sub, swing);
      const local =
        fraction === part / sub
          ? (60 * (unitsIn * sub + part)) / (bpm * sub)
          : (60 * (unitsIn + fraction)) / bpm;
      const muted = isGapBar(gap, bar);
      let kind: ClickKind;
      if (part > 0 || unitInBeat > 0) kind = 'sub';
      else {
        const accent = accents[beat];
        kind = accent === 'accent' ? 'accent' : accent === 'silent' ? 'silent' : 'beat';
      }
      if (muted) kind = 'silent';
      const click: MetronomeClick = {
        offsetS: segStartS + (local + segStartErrS),
        kind,
        bar,
        beat,
        bpm,
        gap: muted,
        part,
        unitInBeat,
      };
      // Advance: part → unit within beat → beat → bar.
      if (++part === sub) {
        part = 0;
        unitIndex++;
        if (++unitInBeat === grouping[beat]) {
          unitInBeat = 0;
          if (++beat === grouping.length) {
            beat = 0;
            bar++;
          }
        }
      }
      return click;
    },
  };
  return source;
}
