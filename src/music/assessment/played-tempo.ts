/**
 * The tempo actually played (issue 37, U7): quarter-note bpm from the aligned onsets, and whether
 * it moved steadily from start to end (an accelerando 120→133, a ritardando), said as a teacher
 * would ("You sped up from ♩=120 to about ♩=133: keep the pulse."). Without this a take that
 * rushes or drags all the way through passed as clean: the free timing follows the player's beat.
 *
 * Tempo is measured over consecutive played notes of one phrase (a stop or a restart is not slow
 * playing): written time over played time, weighted by the written gap, so one late note (a long
 * gap, then a short one) cancels out and only the pulse remains.
 */
import type { PlayedTempo } from './assessment-types';
import type { TimedNote } from './timing';

export type { PlayedTempo };

/** A tempo this far from the marking (a ratio) is said; under it a teacher would let it pass. */
export const TEMPO_OFF_RATIO = 0.05;
/** A drift from start to end this large (a ratio of the tempo) is said. */
export const TEMPO_DRIFT_RATIO = 0.05;
/** Each stretch of the take must move the same way by at least this much to call it a drift. */
const DRIFT_STEP_RATIO = 0.004;
/** Stretches the take is cut into to see where the tempo went (more when there are notes). */
const MAX_STRETCHES = 6;
const NOTES_PER_STRETCH = 4;

interface Gap {
  /** Written time of the gap's middle, ms. */
  readonly atMs: number;
  readonly writtenMs: number;
  readonly playedMs: number;
}

/** Consecutive played notes of one phrase, in written order. */
function gapsOf(notes: readonly TimedNote[]): Gap[] {
  const gaps: Gap[] = [];
  let last: TimedNote | null = null;
  for (const note of notes) {
    if (note.attempt < 0 || !Number.isFinite(note.onsetMs)) continue;
    if (last && last.attempt === note.attempt && note.startMs > last.startMs) {
      const playedMs = note.onsetMs - last.onsetMs;
      // A gap played backwards or five times its length is an alignment slip, not a tempo.
      const ratio = playedMs / (note.startMs - last.startMs);
      if (ratio > 0.2 && ratio < 5) {
        gaps.push({
          atMs: (note.startMs + last.startMs) / 2,
          writtenMs: note.startMs - last.startMs,
          playedMs,
        });
      }
    }
    last = note;
  }
  return gaps;
}

/** Played ms per written ms over the gaps (a ratio > 1 is slower than written). */
const ratioOf = (gaps: readonly Gap[]): number =>
  gaps.reduce((s, g) => s + g.playedMs, 0) / gaps.reduce((s, g) => s + g.writtenMs, 0);

/**
 * The tempo played, or null with too little to go on (fewer than 3 gaps between played notes).
 * `notes` in written order, with `attempt` numbering the phrases (timing.ts `phrasesOf`);
 * `scoreQpm` is the tempo the written times are at, `markedQpm` the tempo asked for.
 */
export function playedTempoOf(
  notes: readonly TimedNote[],
  scoreQpm: number,
  markedQpm: number = scoreQpm,
): PlayedTempo | null {
  const gaps = gapsOf(notes);
  if (gaps.length < 3) return null;
  const qpmOf = (ratio: number): number => scoreQpm / ratio;
  const qpm = qpmOf(ratioOf(gaps));
  // Stretches of equal written length; each one's tempo from its own gaps.
  const firstMs = gaps[0].atMs;
  const spanMs = gaps[gaps.length - 1].atMs - firstMs;
  const count = Math.min(MAX_STRETCHES, Math.floor(gaps.length / NOTES_PER_STRETCH));
  const stretches: { atMs: number; qpm: number; writtenMs: number }[] = [];
  for (let k = 0; k < count && spanMs > 0; k++) {
    const from = firstMs + (k * spanMs) / count;
    const to = firstMs + ((k + 1) * spanMs) / count;
    const inside = gaps.filter((g) => g.atMs >= from && (g.atMs < to || k === count - 1));
    if (inside.length < 2) continue;
    const writtenMs = inside.reduce((s, g) => s + g.writtenMs, 0);
    const atMs = inside.reduce((s, g) => s + g.atMs * g.writtenMs, 0) / writtenMs;
    stretches.push({ atMs, qpm: qpmOf(ratioOf(inside)), writtenMs });
  }
  const steady: PlayedTempo = {
    qpm: round1(qpm),
    startQpm: round1(qpm),
    endQpm: round1(qpm),
    markedQpm: round1(markedQpm),
    drifting: false,
  };
  // A drift moves every stretch the same way (rubato and a closing ritardando do not); three
  // stretches at least, or a single slow bar would be a drift.
  if (stretches.length < 3) return steady;
  const steps = stretches.slice(1).map((s, k) => s.qpm / stretches[k].qpm - 1);
  const rising = steps.every((d) => d >= DRIFT_STEP_RATIO);
  const falling = steps.every((d) => d <= -DRIFT_STEP_RATIO);
  if (!rising && !falling) return steady;
  // The tempo line through the stretches (weighted by their written length), read at the ends.
  const w = stretches.reduce((s, x) => s + x.writtenMs, 0);
  const mx = stretches.reduce((s, x) => s + x.atMs * x.writtenMs, 0) / w;
  const my = stretches.reduce((s, x) => s + x.qpm * x.writtenMs, 0) / w;
  let sxx = 0;
  let sxy = 0;
  for (const x of stretches) {
    sxx += x.writtenMs * (x.atMs - mx) ** 2;
    sxy += x.writtenMs * (x.atMs - mx) * (x.qpm - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const played = notes.filter((n) => n.attempt >= 0 && Number.isFinite(n.onsetMs));
  const startQpm = my + slope * ((played[0]?.startMs ?? firstMs) - mx);
  const endQpm = my + slope * ((played[played.length - 1]?.startMs ?? firstMs + spanMs) - mx);
  if (!(Math.abs(endQpm - startQpm) >= TEMPO_DRIFT_RATIO * qpm)) return steady;
  return { ...steady, startQpm: round1(startQpm), endQpm: round1(endQpm), drifting: true };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Whole bpm as printed beside a crotchet. */
const bpm = (qpm: number): string => String(Math.round(qpm));

/**
 * The tempo in a teacher's words, or null when it was steady and at the marking: a drift first
 * ("You sped up from ♩=120 to about ♩=133: keep the pulse."), else a tempo away from the marking
 * ("You played at ♩≈96; the marking is 120.").
 */
export function tempoLine(tempo: PlayedTempo | null | undefined): string | null {
  if (!tempo) return null;
  if (tempo.drifting) {
    return tempo.endQpm > tempo.startQpm
      ? `You sped up from ♩=${bpm(tempo.startQpm)} to about ♩=${bpm(tempo.endQpm)}: keep the pulse.`
      : `You slowed from ♩=${bpm(tempo.startQpm)} to about ♩=${bpm(tempo.endQpm)}: keep the pulse.`;
  }
  if (tempoIsOff(tempo)) {
    return `You played at ♩≈${bpm(tempo.qpm)}; the marking is ${bpm(tempo.markedQpm)}.`;
  }
  return null;
}

/** The take was played away from the marking (slower or faster by TEMPO_OFF_RATIO or more). */
export function tempoIsOff(tempo: PlayedTempo): boolean {
  return Math.abs(tempo.qpm / tempo.markedQpm - 1) >= TEMPO_OFF_RATIO;
}

/** One short label for a results line or a table: "♩≈126 (120→133)", "♩≈96". */
export function tempoLabel(tempo: PlayedTempo): string {
  return tempo.drifting
    ? `♩≈${bpm(tempo.qpm)} (${bpm(tempo.startQpm)}→${bpm(tempo.endQpm)})`
    : `♩≈${bpm(tempo.qpm)}`;
}
