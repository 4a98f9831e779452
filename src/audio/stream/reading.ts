/**
 * The one place a `PitchReading` is put together: from what the analysis measured and the note the
 * tracker says is sounding, the stream derives the reading's time, its window's centre and its
 * note (`noteHz`, `noteOnsetMs`, `noteId`, `onNote`) here, once. The live stream
 * (`pitch-stream.ts`), the idle reading (`stream-defaults.ts`) and the test streams
 * (`src/audio/testing/stream.ts`) all build readings with it, so no consumer re-derives them.
 */
import { sameNote } from '../worklet/same-note';
import type { NoteState } from './note-tracker';
import type { PitchReading } from './pitch-service-types';

// The stream's one "same note" rule, for consumers that compare two pitches of their own.
export { sameNote } from '../worklet/same-note';

/** No note sounding. */
export const NO_NOTE: Readonly<NoteState> = Object.freeze({ hz: 0, onsetMs: Number.NaN, id: 0 });

/** What an analysis measured; `streamReading` adds what the stream derives. */
export type MeasuredReading = Omit<
  PitchReading,
  'timeMs' | 'windowCentreMs' | 'noteHz' | 'noteOnsetMs' | 'noteId' | 'onNote'
>;

/** Where an analysis window describes the audio: its centre, ms (decided here once). */
export const windowCentreMs = (window: { windowStartMs: number; windowEndMs: number }): number =>
  (window.windowStartMs + window.windowEndMs) / 2;

/** A reading: `measured` with its time, centre and the sounding `note` (the tracker's, after it saw this one). */
export function streamReading(measured: MeasuredReading, note: Readonly<NoteState>): PitchReading {
  return {
    ...measured,
    timeMs: measured.windowEndMs,
    windowCentreMs: windowCentreMs(measured),
    noteHz: note.hz,
    noteOnsetMs: note.onsetMs,
    noteId: note.id,
    onNote: sameNote(measured.hz, note.hz),
  };
}
