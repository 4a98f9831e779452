/**
 * T against K in double and triple tonguing (issue 22: "tongue drills that compare T with K"):
 * where the back-of-the-tongue K lands against the tip-of-the-tongue T, how even each is, and how
 * often each fails to speak, as one line a teacher would say.
 */
import { median } from './cents';
import { TONGUING_SYLLABLES, type Tonguing } from './articulation';

export type TongueSyllable = 'T' | 'K';

/**
 * The syllable of the note at `positionInBeat` (0-based) of a beat's group, from the group's
 * syllables (TONGUING_SYLLABLES: double T K T K, triple T T K). Throws outside the group.
 */
export function syllableAt(tonguing: Tonguing, positionInBeat: number): TongueSyllable {
  const group = TONGUING_SYLLABLES[tonguing].split(' ');
  if (!Number.isInteger(positionInBeat) || positionInBeat < 0 || positionInBeat >= group.length) {
    throw new Error(
      `positionInBeat must be an integer from 0 to ${group.length - 1} for ${tonguing} tonguing, got ${positionInBeat}.`,
    );
  }
  return group[positionInBeat] === 'K' ? 'K' : 'T';
}

/** One written note of a tonguing attempt, as the session heard it. */
export interface TonguedNote {
  syllable: TongueSyllable;
  /** Something sounded in the note's time (a missed note is silence there). */
  sounded: boolean;
  /**
   * Its own attack minus when it was due, ms (+ = late); null when no separate attack was heard
   * (it ran into the note before: the stroke did not speak).
   */
  onsetOffsetMs: number | null;
}

export interface StrokeStats {
  /** Notes of this syllable asked / heard with their own attack. */
  asked: number;
  heard: number;
  /** Median onset offset from the grid, ms (+ = late); null when none was heard. */
  medianOffsetMs: number | null;
  /** Standard deviation of the onset offsets, ms (smaller = more even); null under 2 heard. */
  spreadMs: number | null;
  /** Nothing sounded. */
  missed: number;
  /** Sounded, but with no attack of its own (run into the note before). */
  runTogether: number;
}

export interface TAndKComparison {
  t: StrokeStats;
  k: StrokeStats;
  /** K's median offset minus T's, ms: + = K lands behind T. */
  kBehindMs: number;
  /** The one line for the results. */
  text: string;
  /** The K (or T) is what is wrong: the attempt's fix-first says this line (issue 37, U14). */
  problem: boolean;
}

/**
 * K lands with T when their medians are this close, ms. Arban (Complete Conservatory Method, on
 * double and triple tonguing) asks for the K to be as clear and even as the T, practised alone
 * until it is; 15 ms is under half the ±40 ms a tongued sixteenth at 120 bpm can stray before it
 * is heard as uneven (summarizeArticulation's evenness reaches 0 at 60 ms), and above the
 * onsets' own jitter in the stream (a few ms, articulation-tonguing.node.test.ts).
 */
export const K_MATCHES_T_MS = 15;

/** K's spread this much over T's is a K less even than the T, ms (the same reasoning). */
export const K_LESS_EVEN_MS = 15;

/** At least this many T and K notes heard before comparing (fewer: one stray stroke decides). */
export const MIN_STROKES_COMPARED = 4;

function spread(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

function statsOf(notes: readonly TonguedNote[]): StrokeStats {
  const offsets = notes
    .map((n) => (n.sounded ? n.onsetOffsetMs : null))
    .filter((ms): ms is number => ms !== null && Number.isFinite(ms));
  return {
    asked: notes.length,
    heard: offsets.length,
    medianOffsetMs: median(offsets),
    spreadMs: spread(offsets),
    missed: notes.filter((n) => !n.sounded).length,
    runTogether: notes.filter((n) => n.sounded && n.onsetOffsetMs === null).length,
  };
}

const DRILL = 'practise K alone (the T-vs-K drill), slowly, until they match.';

/**
 * Sets the K strokes of a double- or triple-tonguing attempt against its T strokes: their median
 * onset offsets (K behind or ahead), their spreads, notes missed and run together, and one line
 * for the player. Null unless at least MIN_STROKES_COMPARED of each were heard with their own
 * attack (single tonguing and the K-alone drill have only one syllable).
 */
export function compareTAndK(notes: readonly TonguedNote[]): TAndKComparison | null {
  const t = statsOf(notes.filter((n) => n.syllable === 'T'));
  const k = statsOf(notes.filter((n) => n.syllable === 'K'));
  if (t.heard < MIN_STROKES_COMPARED || k.heard < MIN_STROKES_COMPARED) return null;
  const kBehindMs = (k.medianOffsetMs ?? 0) - (t.medianOffsetMs ?? 0);
  const gap = Math.round(Math.abs(kBehindMs));
  const kFailed = k.missed + k.runTogether;
  const tFailed = t.missed + t.runTogether;
  let text: string;
  if (kBehindMs > K_MATCHES_T_MS) {
    text = `Your K lands ${gap} ms behind your T: ${DRILL}`;
  } else if (kBehindMs < -K_MATCHES_T_MS) {
    // T late against K: the tip of the tongue is the slow one; even the strokes out together.
    text = `Your T lands ${gap} ms behind your K: slow down and even out the strokes, T and K alike.`;
  } else if (kFailed >= tFailed + 2) {
    text = `T and K land together, but ${kFailed} of ${k.asked} K did not speak (T: ${tFailed}): ${DRILL}`;
  } else if (
    k.spreadMs !== null &&
    t.spreadMs !== null &&
    k.spreadMs - t.spreadMs > K_LESS_EVEN_MS
  ) {
    text = `T and K land together, but your K is less even (±${Math.round(k.spreadMs)} ms against ±${Math.round(t.spreadMs)} ms): ${DRILL}`;
  } else {
    text = `T and K match (within ${K_MATCHES_T_MS} ms).`;
    return { t, k, kBehindMs, text, problem: false };
  }
  return { t, k, kBehindMs, text, problem: true };
}
