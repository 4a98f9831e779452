/**
 * Brass endurance, kept per local day as the practice happens: time with sound on the face (from
 * the stream's notes), rest between notes within a session, and the highest and lowest notes held
 * at least a second. Small sums per day, so a year is ~365 small records and opens at once; the
 * glue (src/companion/practice-recorder.ts) feeds it the stream's notes and stores it.
 */

/** Concert MIDI; written pitch is derived when shown. */
export interface DayPractice {
  /** Seconds with a note sounding. */
  soundS: number;
  /** Seconds of silence between notes of one session (gaps up to MAX_REST_MS). */
  restS: number;
  /** Highest / lowest note held ≥ HELD_MS, concert MIDI; null when none. */
  highMidi: number | null;
  lowMidi: number | null;
}

/** Local day "YYYY-MM-DD" → that day's practice. */
export type PracticeDays = Record<string, DayPractice>;

/** A note the stream heard: wall-clock ms (Date.now() timeline) and its concert MIDI (rounded). */
export interface NoteSpan {
  onsetMs: number;
  offsetMs: number;
  midi: number;
}

/** A longer silence ends the session: it is not rest, the player stopped (brass pedagogy counts rest within a session). */
export const MAX_REST_MS = 5 * 60_000;
/** A note counts for the range when held this long (issue 24: "held ≥ 1 s"). */
export const HELD_MS = 1000;
/** Notes shorter than this are not counted as sound (a click or a knock the stream named). */
const MIN_NOTE_MS = 60;

/** Local day of a wall-clock time. */
export function dayOf(timeMs: number): string {
  const d = new Date(timeMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const emptyDay = (): DayPractice => ({ soundS: 0, restS: 0, highMidi: null, lowMidi: null });

export interface PracticeCounter {
  /** Adds one finished note (in time order) to `days`, in place; returns the day it touched. */
  add(days: PracticeDays, note: NoteSpan): string | null;
}

/** Counts notes into days; remembers the last note's end to tell rest from a new session. */
export function createPracticeCounter(): PracticeCounter {
  let lastOffsetMs = -Infinity;
  return {
    add(days, note) {
      const durationMs = note.offsetMs - note.onsetMs;
      if (!(durationMs >= MIN_NOTE_MS) || !Number.isFinite(note.midi)) return null;
      const day = dayOf(note.onsetMs);
      const entry = (days[day] ??= emptyDay());
      entry.soundS += durationMs / 1000;
      const gapMs = note.onsetMs - lastOffsetMs;
      if (gapMs > 0 && gapMs <= MAX_REST_MS) entry.restS += gapMs / 1000;
      lastOffsetMs = Math.max(lastOffsetMs, note.offsetMs);
      if (durationMs >= HELD_MS) {
        entry.highMidi = entry.highMidi === null ? note.midi : Math.max(entry.highMidi, note.midi);
        entry.lowMidi = entry.lowMidi === null ? note.midi : Math.min(entry.lowMidi, note.midi);
      }
      return day;
    },
  };
}

/** Untrusted stored days → valid days (a bad entry is dropped, never breaks the app). */
export function parsePracticeDays(raw: unknown): PracticeDays {
  const days: PracticeDays = {};
  if (typeof raw !== 'object' || raw === null) return days;
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  const midi = (v: unknown): number | null =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 127 ? v : null;
  for (const [day, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    if (!num(v.soundS) || !num(v.restS)) continue;
    days[day] = {
      soundS: v.soundS,
      restS: v.restS,
      highMidi: midi(v.highMidi),
      lowMidi: midi(v.lowMidi),
    };
  }
  return days;
}
