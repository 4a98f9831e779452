/**
 * The assessor's benchmark corpus: pieces written for B♭ trumpet and performances of them with
 * known truth (what each note should be judged: played, wrong, missed, and which flags), rendered
 * from the corpus's trumpet notes (performance-render.ts). Deterministic (seeded jitter).
 */
import type { NoteFlag, NoteVerdictKind } from '../src/music/assessment/assessment-types';
import { spelledToMidi } from '../src/music/theory/notes';
import { scoreFromLine, type LineItem } from '../src/music/score/score-build';
import type { Score } from '../src/music/score/score-model';
import type { PlayedNote } from './performance-render';

export interface Truth {
  readonly verdict: NoteVerdictKind;
  readonly flags: readonly NoteFlag['flag'][];
  /** Where the note was rendered to start, ms (null when not played). */
  readonly onsetMs: number | null;
}

export interface Scenario {
  readonly name: string;
  readonly piece: string;
  readonly score: Score;
  readonly played: readonly PlayedNote[];
  readonly truth: readonly Truth[];
  /** Timing judged against a given tempo (a click track), else free. */
  readonly tempoQpm?: number;
}

const line = (text: string, quarters: number): LineItem[] =>
  text.split(' ').map((n) => (n === 'r' ? [null, quarters] : [n, quarters]) as LineItem);

/** Four pieces in the B♭ trumpet's middle range (written G3–G5). */
export const PIECES: Record<string, Score> = {
  scale: scoreFromLine(
    [...line('C4 D4 E4 F4 G4 A4 B4 C5 D5 E5 F5 G5 F5 E5 D5 C5 B4 A4 G4 F4 E4 D4 C4', 1), ['C4', 2]],
    { title: 'C major scale', qpm: 100 },
  ),
  arpeggios: scoreFromLine(
    line(
      'C4 E4 G4 C5 G4 E4 C4 r F4 A4 C5 F5 C5 A4 F4 r G4 B4 D5 G5 D5 B4 G4 r C4 E4 G4 C5 E5 C5 G4 E4',
      0.5,
    ),
    { title: 'Arpeggios in eighths', qpm: 96 },
  ),
  lyrical: scoreFromLine(
    [
      ...line('D4', 1),
      ...line('G4', 2),
      ...line('B4 A4', 0.5),
      ...line('G4', 2),
      ...line('B4', 1),
      ...line('A4', 2),
      ...line('G4', 1),
      ...line('E4', 2),
      ...line('D4', 1),
      ...line('D4', 2),
      ...line('G4', 1),
      ...line('G4', 2),
      ...line('B4 G4', 0.5),
      ...line('B4', 2),
      ...line('A4', 1),
      ...line('D5', 3),
    ],
    { title: 'Lyrical (a hymn tune)', qpm: 84, time: { beats: 3, beatType: 4 }, pickupQuarters: 1 },
  ),
  tonguing: scoreFromLine(
    line(
      'G4 G4 G4 G4 A4 A4 A4 A4 B4 B4 B4 B4 C5 C5 C5 C5 D5 D5 D5 D5 C5 C5 C5 C5 B4 B4 B4 B4 A4 A4 G4 G4',
      0.5,
    ),
    {
      title: 'Repeated eighths (tongued)',
      qpm: 90,
    },
  ),
};

/** Seeded ±jitterMs: a human's onsets are never exact. */
function jitter(seed: number, jitterMs: number): (i: number) => number {
  return (i) => {
    const x = Math.sin((i + 1) * 12.9898 + seed * 78.233) * 43758.5453;
    return (x - Math.floor(x) - 0.5) * 2 * jitterMs;
  };
}

interface Plan {
  /** ms of performance time for written ms (rubato: a function of the written time). */
  time?: (writtenMs: number) => number;
  startMs?: number;
  jitterMs?: number;
  edit?: (note: PlayedNote, i: number) => PlayedNote | null;
}

/** A performance of `score` under a plan: note i starts at time(startMs of the note). */
export function perform(score: Score, plan: Plan = {}, seed = 1): PlayedNote[] {
  const time = plan.time ?? ((ms: number) => ms);
  const start = plan.startMs ?? 1000;
  const j = jitter(seed, plan.jitterMs ?? 8);
  const out: PlayedNote[] = [];
  score.notes.forEach((note, i) => {
    const onsetMs = start + time(note.startMs) + j(i);
    const endMs = start + time(note.startMs + note.durationMs);
    const base: PlayedNote = {
      midi: spelledToMidi(note.written) + score.transposition.semitones,
      onsetMs,
      durationMs: Math.max(80, (endMs - onsetMs) * 0.9),
    };
    const edited = plan.edit ? plan.edit(base, i) : base;
    if (edited) out.push(edited);
  });
  return out;
}

const clean = (score: Score, played: readonly PlayedNote[]): Truth[] =>
  score.notes.map((_, i) => ({
    verdict: 'played',
    flags: [],
    onsetMs: played[i]?.onsetMs ?? null,
  }));

export function scenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const [piece, score] of Object.entries(PIECES)) {
    const n = score.notes.length;
    const p = (plan: Plan, seed = 1) => perform(score, plan, seed);
    const at = (i: number) => Math.min(n - 2, Math.max(1, i));
    // Clean, at the marked tempo and 15 % slower; timing free and against the tempo.
    for (const [name, ratio] of [
      ['clean', 1],
      ['clean, 15 % slower', 1.15],
    ] as const) {
      const played = p({ time: (ms) => ms * ratio });
      out.push({ name, piece, score, played, truth: clean(score, played) });
    }
    {
      const played = p({});
      out.push({
        name: 'clean, with the click',
        piece,
        score,
        played,
        truth: clean(score, played),
        tempoQpm: score.tempos[0]?.value ?? 120,
      });
    }
    // Expressive rubato: the phrase breathes ±12 % around the tempo, and slows at the end.
    {
      const total = score.lengthMs;
      const time = (ms: number) =>
        ms +
        0.12 * (total / (2 * Math.PI)) * (1 - Math.cos((2 * Math.PI * ms) / total)) * 0.5 +
        (ms > 0.8 * total ? (0.5 * (ms - 0.8 * total) ** 2) / total : 0);
      const played = p({ time });
      out.push({ name: 'rubato (no click)', piece, score, played, truth: clean(score, played) });
    }
    // One wrong note (a semitone up), held.
    {
      const k = at(Math.floor(n / 2));
      const played = p({ edit: (note, i) => (i === k ? { ...note, midi: note.midi + 1 } : note) });
      const truth = clean(score, played).map((t, i) =>
        i === k ? { ...t, verdict: 'wrong' as const } : t,
      );
      out.push({ name: 'one wrong note', piece, score, played, truth });
    }
    // A late note: 150 ms behind an otherwise steady player.
    {
      const k = at(Math.floor(n / 3));
      const played = p({
        edit: (note, i) =>
          i === k
            ? {
                ...note,
                onsetMs: note.onsetMs + 150,
                durationMs: Math.max(80, note.durationMs - 150),
              }
            : note,
      });
      const truth = clean(score, played).map((t, i) =>
        i === k ? { ...t, flags: ['late' as const] } : t,
      );
      out.push({ name: 'one note 150 ms late', piece, score, played, truth });
    }
    // A crack: the sound drops out for 150 ms inside the longest note (≥ 500 ms long).
    {
      const k = score.notes.reduce(
        (best, note, i) =>
          i > 0 && note.durationMs > (score.notes[best]?.durationMs ?? 0) ? i : best,
        1,
      );
      const played = p({
        edit: (note, i) =>
          i === k ? { ...note, dropout: { atMs: note.durationMs * 0.4, lengthMs: 150 } } : note,
      });
      const truth = clean(score, played).map((t, i) =>
        i === k ? { ...t, flags: ['cracked' as const] } : t,
      );
      out.push({ name: 'a 150 ms dropout', piece, score, played, truth });
      const slipped = p({
        edit: (note, i) =>
          i === k
            ? { ...note, slip: { atMs: note.durationMs * 0.4, lengthMs: 120, semitones: 5 } }
            : note,
      });
      out.push({
        name: 'a 120 ms slip to the partial above',
        piece,
        score,
        played: slipped,
        truth: clean(score, slipped).map((t, i) =>
          i === k ? { ...t, flags: ['cracked' as const] } : t,
        ),
      });
      const wobbled = p({
        edit: (note, i) =>
          i === k
            ? { ...note, centsAt: (ms) => 25 * Math.sin((2 * Math.PI * 5 * ms) / 1000) }
            : note,
      });
      out.push({
        name: 'a ±25 ¢ 5 Hz wobble',
        piece,
        score,
        played: wobbled,
        truth: clean(score, wobbled).map((t, i) =>
          i === k ? { ...t, flags: ['unsteady' as const] } : t,
        ),
      });
    }
    // Every note 20 ¢ sharp after the first four (a slide left in): each named sharp.
    {
      const played = p({ edit: (note, i) => (i >= 4 ? { ...note, centsAt: () => 20 } : note) });
      const truth = clean(score, played).map((t, i) =>
        i >= 4 ? { ...t, flags: ['sharp' as const] } : t,
      );
      out.push({ name: 'sharp by 20 ¢ from note 5', piece, score, played, truth });
    }
    // Noise and a stray blip before the first note; a 6 s pause in the middle.
    {
      const half = score.lengthMs / 2;
      const played = p({
        startMs: 3000,
        edit: (note, i) =>
          (score.notes[i]?.startMs ?? 0) >= half ? { ...note, onsetMs: note.onsetMs + 6000 } : note,
      });
      const blip: PlayedNote = { midi: 62, onsetMs: 600, durationMs: 60, gain: 0.2 };
      out.push({
        name: 'a blip before, a 6 s pause inside',
        piece,
        score,
        played: [blip, ...played],
        truth: clean(score, played),
      });
    }
    // A skipped bar: the player jumps from bar 2 to bar 4.
    {
      const bar2 = score.notes.filter((x) => x.measureIndex === 2);
      const skipMs =
        (score.measures[2]?.durationQuarters ?? 4) * (60000 / (score.tempos[0]?.value ?? 120));
      const played = p({
        edit: (note, i) => {
          const m = score.notes[i]?.measureIndex ?? 0;
          return m === 2 ? null : m > 2 ? { ...note, onsetMs: note.onsetMs - skipMs } : note;
        },
      });
      const skipped = new Set(bar2.map((x) => x.index));
      let k = 0;
      const truth = score.notes.map((x) =>
        skipped.has(x.index)
          ? { verdict: 'missed' as const, flags: [], onsetMs: null }
          : { verdict: 'played' as const, flags: [], onsetMs: played[k++]?.onsetMs ?? null },
      );
      out.push({ name: 'a skipped bar', piece, score, played, truth });
    }
    // A restart: plays to the middle, stops 2 s, restarts from bar 2 and plays to the end.
    {
      const mid = Math.floor(n * 0.6);
      const restartAt = score.notes.findIndex((x) => x.measureIndex === 2);
      const first = p({}).slice(0, mid);
      const lastEnd =
        (first[first.length - 1]?.onsetMs ?? 0) + (first[first.length - 1]?.durationMs ?? 0);
      const again = perform(
        score,
        { startMs: lastEnd + 2000 - (score.notes[restartAt]?.startMs ?? 0) },
        2,
      ).slice(restartAt);
      const played = [...first, ...again];
      const truth = score.notes.map((_, i) => ({
        verdict: 'played' as const,
        flags: [],
        onsetMs:
          i < restartAt ? (first[i]?.onsetMs ?? null) : (again[i - restartAt]?.onsetMs ?? null),
      }));
      out.push({ name: 'a restart from bar 2', piece, score, played, truth });
    }
  }
  // Repeated eighths: a double-tongued K 40 ms late, and swung eighths (off-beats 60 ms late).
  const tonguing = PIECES.tonguing as Score;
  for (const [name, lagMs] of [
    ['double tonguing, every K 40 ms late', 40],
    ['swung eighths, off-beats 60 ms late', 60],
  ] as const) {
    const played = perform(tonguing, {
      edit: (note, i) =>
        i % 2 === 1
          ? { ...note, onsetMs: note.onsetMs + lagMs, durationMs: note.durationMs - lagMs }
          : note,
    });
    const truth = clean(tonguing, played).map((t, i) =>
      i % 2 === 1 ? { ...t, flags: ['uneven' as const] } : t,
    );
    out.push({ name, piece: 'tonguing', score: tonguing, played, truth });
  }
  return out;
}
