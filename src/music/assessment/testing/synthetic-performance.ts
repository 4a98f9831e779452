/**
 * Synthetic performances for the assessor's unit tests: readings shaped like the stream's fast
 * mode (a 1024-sample window every 256 samples at 48 kHz) and note events as its tracker makes
 * them (a note starts where the pitch changes or returns, ends after 40 ms without pitch), with
 * a level dip at a re-attack of the same pitch. The real stream is exercised by cli/assess.test.ts.
 */
import { centsBetween, shiftHzByCents } from '../../theory/cents';
import { midiToHz } from '../../theory/notes';
import type { Performance, PerformanceEvent, PerformanceReading } from '../performance';

export interface SynthNote {
  /** Concert MIDI. */
  readonly midi: number;
  readonly onsetMs: number;
  readonly durationMs: number;
  /** Cents off at ms since the onset (default 0). */
  readonly centsAt?: (ms: number) => number;
  /** No pitch (and a low level) for a while inside the note. */
  readonly dropout?: { readonly atMs: number; readonly lengthMs: number };
  /** How deep the level dips at its re-attack of the same pitch, dB (default 12: a clear stroke). */
  readonly reattackDipDb?: number;
  /** Dips of the level inside the note (a held note's ripple), ms since the onset and dB. */
  readonly ripple?: readonly { readonly atMs: number; readonly depthDb: number }[];
}

const HOP_MS = 256 / 48;
const WINDOW_MS = 1024 / 48;
const RELEASE_MS = 40;

export function synthPerformance(notes: readonly SynthNote[], a4Hz = 440): Performance {
  const endMs = Math.max(0, ...notes.map((n) => n.onsetMs + n.durationMs)) + 300;
  const readings: PerformanceReading[] = [];
  const events: PerformanceEvent[] = [];
  let current: { hz: number; onsetMs: number } | null = null;
  let silentSinceMs = Number.NaN;
  let lastNote: SynthNote | null = null;
  for (let t = 0; t < endMs; t += HOP_MS) {
    const note = notes.find((n) => t >= n.onsetMs && t < n.onsetMs + n.durationMs) ?? null;
    const inDropout =
      note?.dropout !== undefined &&
      t - note.onsetMs >= note.dropout.atMs &&
      t - note.onsetMs < note.dropout.atMs + note.dropout.lengthMs;
    const hz =
      note && !inDropout
        ? shiftHzByCents(midiToHz(note.midi, a4Hz), note.centsAt?.(t - note.onsetMs) ?? 0)
        : 0;
    const dips =
      note && lastNote && note !== lastNote && lastNote.midi === note.midi
        ? [{ attackMs: note.onsetMs, depthDb: note.reattackDipDb ?? 12 }]
        : [];
    for (const r of note?.ripple ?? []) {
      const atMs = (note as SynthNote).onsetMs + r.atMs;
      if (atMs >= t && atMs < t + HOP_MS) dips.push({ attackMs: atMs, depthDb: r.depthDb });
    }
    if (hz > 0) {
      silentSinceMs = Number.NaN;
      const changed =
        current === null || Math.abs(centsBetween(current.hz, hz)) > 50 || dips.length > 0;
      if (changed && (current === null || Math.abs(centsBetween(current.hz, hz)) > 50)) {
        const onsetMs = note ? Math.max(note.onsetMs, t - HOP_MS) : t;
        if (current)
          events.push({
            type: 'note-off',
            hz: current.hz,
            onsetMs: current.onsetMs,
            offsetMs: onsetMs,
          });
        current = { hz, onsetMs };
        events.push({ type: 'note-on', hz, onsetMs });
      }
    } else if (current) {
      if (!Number.isFinite(silentSinceMs)) silentSinceMs = t;
      if (t - silentSinceMs >= RELEASE_MS) {
        events.push({
          type: 'note-off',
          hz: current.hz,
          onsetMs: current.onsetMs,
          offsetMs: silentSinceMs,
        });
        current = null;
      }
    }
    if (note) lastNote = note;
    readings.push({
      hz,
      levelDb: hz > 0 ? -20 : -80,
      windowStartMs: t - WINDOW_MS / 2,
      windowEndMs: t + WINDOW_MS / 2,
      windowCentreMs: t,
      dips,
    });
  }
  return { readings, events };
}
