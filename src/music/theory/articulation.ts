/**
 * Articulation (tonguing) exercises: single, double and triple tonguing on one note and on a scale
 * fragment, to a metronome, and what a teacher listens for in them: even onsets (their spread in
 * ms), clean attacks (onset to a stable pitch) and every note sounding (notes heard per beat).
 */
import { median } from './cents';
import { phrase, type Passage, type Subdivision } from './notation';
import { fragmentKeyName, fragmentOf } from './fragments';
import type { Spelling } from './notes';
import { chartNote, parseKeyName, type ScaleNote } from './scales';
import type { TAndKComparison } from './tongue-strokes';

/**
 * 'k-only': the T-vs-K drill (Arban, Clarke): the back-of-the-tongue K alone, in the same eighths
 * as single tonguing, so its attacks can be set against the T's until they match.
 */
export type Tonguing = 'single' | 'double' | 'triple' | 'k-only';

/** Notes per beat for each tonguing: single in eighths, double in sixteenths (T-K-T-K), triple in triplets (T-T-K), K alone in eighths. */
export const TONGUING_NOTES_PER_BEAT: Readonly<Record<Tonguing, Subdivision>> = {
  single: 2,
  double: 4,
  triple: 3,
  'k-only': 2,
};

/** The syllables a player says for each group (Arban; a teacher's "tu-ku"). */
export const TONGUING_SYLLABLES: Readonly<Record<Tonguing, string>> = {
  single: 'T T',
  double: 'T K T K',
  triple: 'T T K',
  'k-only': 'K K',
};

export interface ArticulationOptions {
  tonguing: Tonguing;
  /** 'note': one note repeated; 'fragment': the first five notes of the major scale up and down. */
  pattern: 'note' | 'fragment';
  /** Written MIDI of the note, or the fragment's tonic (default G4 / C4). */
  startMidi?: number;
  /** Bars of repeated note (one-note pattern), 1..8 (default 2). */
  bars?: number;
  /**
   * The fragment's key as the player picked it ("F♯"): its tonic must be `startMidi`'s pitch
   * class. Without it the key is named from `startMidi` by `spelling` (fragmentKeyName).
   */
  key?: string;
  /** How a fragment's key is named when `key` is not given (default: as the key list). */
  spelling?: Spelling;
}

/**
 * The exercise as music, tongued (no slurs): every beat a group of `notesPerBeat` repeated notes,
 * the last note held, a bar of rest at the end. One note: `bars` bars of it; a fragment: one
 * beat per scale step (1 2 3 4 5 4 3 2 1).
 */
export function articulationPassage(options: ArticulationOptions): Passage {
  const perBeat = TONGUING_NOTES_PER_BEAT[options.tonguing];
  if (perBeat === undefined) {
    throw new Error(
      `tonguing must be single, double, triple or k-only, got ${String(options.tonguing)}.`,
    );
  }
  let beatsNotes: ScaleNote[];
  let key = null;
  if (options.pattern === 'note') {
    const bars = options.bars ?? 2;
    if (!Number.isInteger(bars) || bars < 1 || bars > 8) {
      throw new Error(`bars must be an integer from 1 to 8, got ${bars}.`);
    }
    const note = chartNote(options.startMidi ?? 67);
    beatsNotes = Array.from({ length: 4 * bars - 1 }, () => note);
  } else {
    const tonicMidi = options.startMidi ?? 60;
    const name = options.key ?? fragmentKeyName(tonicMidi, options.spelling);
    const up = fragmentOf(name, tonicMidi);
    if (up[0].midi !== tonicMidi) {
      throw new Error(`key ${name} does not start on MIDI ${tonicMidi}: give the tonic's MIDI.`);
    }
    beatsNotes = [...up, ...up.slice(0, -1).reverse()];
    key = { ...parseKeyName(name), minor: false };
  }
  const notes = beatsNotes.flatMap((n) => Array.from({ length: perBeat }, () => n));
  const last = beatsNotes[beatsNotes.length - 1];
  return {
    beatsPerBar: 4,
    key,
    events: phrase([...notes, last], {
      subdivision: perBeat,
      beatsPerBar: 4,
      slurred: false,
      lastNoteBeats: 1,
      restBars: 1,
    }),
  };
}

/** A note start and a re-attack this close are one attack, ms (the stream's two views of it). */
export const SAME_ATTACK_MS = 40;

/**
 * Every note start in a tongued passage: the stream's note-ons and its re-attacks (level dips of
 * at least REATTACK_DIP_DB, `PitchReading.dips`). Legato tonguing keeps the pitch going through
 * the stroke, so the stream's note tracker (which ends a note after ~40 ms without pitch) hears
 * one long note; the re-attack is the tongue's own trace. A note-on within SAME_ATTACK_MS of a
 * re-attack is the same attack: the re-attack (the level's return, ~3 ms resolution) is kept.
 */
export function articulationOnsets(
  noteOnsMs: readonly number[],
  reattacksMs: readonly number[],
): number[] {
  const kept = noteOnsMs.filter(
    (on) => !reattacksMs.some((r) => Math.abs(r - on) <= SAME_ATTACK_MS),
  );
  return [...kept, ...reattacksMs].sort((a, b) => a - b);
}

export interface ArticulationSummary {
  /** Onsets matched to a written note / notes written. */
  notesHeard: number;
  notesAsked: number;
  /** Notes heard per beat, against the number asked (e.g. 3.6 of 4). */
  notesPerBeat: number;
  notesPerBeatAsked: number;
  /** Standard deviation of the matched onsets' offsets from the grid, ms (smaller = more even). */
  evennessMs: number | null;
  /** Median time from onset to a stable pitch, ms. */
  attackMs: number | null;
  /** 0..100: evenness (100 up to 10 ms spread, 0 at 60 ms) and notes heard, equally. */
  score: number;
  text: string;
  /** Double and triple tonguing: the K strokes set against the T strokes (`compareTAndK`). */
  tAndK?: TAndKComparison | null;
}

/**
 * Each due note's own onset: the nearest onset within `reachMs` not taken by an earlier note,
 * as an offset from when it was due (ms, + = late), or null when none (run together or missed).
 */
export function matchOnsets(
  dueMs: readonly number[],
  onsetsMs: readonly number[],
  reachMs: number,
): (number | null)[] {
  const used = new Set<number>();
  return dueMs.map((due) => {
    let best = -1;
    for (let k = 0; k < onsetsMs.length; k++) {
      if (used.has(k) || Math.abs(onsetsMs[k] - due) > reachMs) continue;
      if (best < 0 || Math.abs(onsetsMs[k] - due) < Math.abs(onsetsMs[best] - due)) best = k;
    }
    if (best < 0) return null;
    used.add(best);
    return onsetsMs[best] - due;
  });
}

/**
 * Matches each due note to the nearest onset (`articulationOnsets`) within a third of a subdivision
 * (`matchOnsets`), then measures the spread of the matched offsets. A missing onset (two notes heard as one: a weak tongue, or the
 * K syllable not speaking) lowers notes per beat.
 */
export function summarizeArticulation(
  dueMs: readonly number[],
  onsetsMs: readonly number[],
  subdivisionMs: number,
  notesPerBeatAsked: number,
  attackMs: readonly (number | null)[],
): ArticulationSummary {
  const offsets = matchOnsets(dueMs, onsetsMs, subdivisionMs / 3).filter(
    (ms): ms is number => ms !== null,
  );
  const mean = offsets.reduce((s, v) => s + v, 0) / Math.max(1, offsets.length);
  const evennessMs =
    offsets.length >= 2
      ? Math.sqrt(offsets.reduce((s, v) => s + (v - mean) ** 2, 0) / offsets.length)
      : null;
  const medianAttack = median(attackMs.filter((a): a is number => a !== null));
  const heardFraction = dueMs.length ? offsets.length / dueMs.length : 0;
  const evenScore = evennessMs === null ? 0 : Math.max(0, Math.min(1, 1 - (evennessMs - 10) / 50));
  const notesPerBeat = Math.round(notesPerBeatAsked * heardFraction * 10) / 10;
  const parts = [
    `${offsets.length} of ${dueMs.length} notes heard as separate attacks (${notesPerBeat} of ${notesPerBeatAsked} per beat).`,
  ];
  if (evennessMs !== null) parts.push(`Onsets even to ±${Math.round(evennessMs)} ms.`);
  if (medianAttack !== null) parts.push(`Attacks settle in ${Math.round(medianAttack)} ms.`);
  if (heardFraction < 0.9) {
    parts.push('Some notes ran together: a lighter, clearer tongue, and keep the air going.');
  } else if (evennessMs !== null && evennessMs > 25) {
    parts.push('Uneven: practise slower, then push the tempo up (T and K alike).');
  }
  return {
    notesHeard: offsets.length,
    notesAsked: dueMs.length,
    notesPerBeat,
    notesPerBeatAsked,
    evennessMs,
    attackMs: medianAttack,
    score: Math.round(50 * evenScore + 50 * heardFraction),
    text: parts.join(' '),
  };
}
