/**
 * Synthetic pitch streams for unit tests of consumers (sessions, displays): readings shaped exactly
 * like the pitch service's, with note events from the same note tracker, in the order the service
 * emits them (a reading's events first, then the reading).
 */
import { createNoteTracker, trackerOptionsFor, type NoteEvent } from '../stream/note-tracker';
import type { PitchReading, ResponseMode } from '../stream/pitch-service-types';
import { NO_NOTE, sameNote, streamReading, type MeasuredReading } from '../stream/reading';

const LOCATE_STEP_MS = 256 / 48;

export interface StreamConsumer {
  onReading(reading: PitchReading): void;
  onNote?(event: NoteEvent): void;
}

/** Window and hop (ms) of each mode at 48 kHz: 4096/4096 and 1024/256 samples. */
const SHAPE: Record<ResponseMode, { windowMs: number; hopMs: number; samples: number }> = {
  block: { windowMs: 4096 / 48, hopMs: 4096 / 48, samples: 4096 },
  fast: { windowMs: 1024 / 48, hopMs: 256 / 48, samples: 1024 },
};

function measured(hz: number, windowEndMs: number, response: ResponseMode): MeasuredReading {
  const { windowMs, samples } = SHAPE[response];
  return {
    hz,
    clarity: hz > 0 ? 0.98 : 0.2,
    levelDb: hz > 0 ? -20 : -70,
    windowStartMs: windowEndMs - windowMs,
    windowEndMs,
    // A test stream's audio clock started with its ms timeline, at 48 kHz.
    endFrame: Math.round(windowEndMs * 48),
    response,
    windowSamples: samples,
    sampleRate: 48000,
    live: true,
    dips: [],
  };
}

/** A live reading with no note sounding (`extra` overrides any field, as a test needs). */
export function liveReading(
  hz: number,
  windowEndMs: number,
  response: ResponseMode = 'fast',
  extra: Partial<PitchReading> = {},
): PitchReading {
  return { ...streamReading(measured(hz, windowEndMs, response), NO_NOTE), ...extra };
}

/**
 * A stream feeding `consumer`: `play(fromMs, toMs, hzAt)` sends one reading per `everyMs`, its
 * window centred on each time t, with `hzAt(t)` the pitch of the audio there. A new pitch's onset
 * is located to the audio thread's precision (one 256-sample step), so note events land within a
 * few ms of the real change, in both modes.
 */
export function createTestStream(
  consumer: StreamConsumer,
  options: { response?: ResponseMode; everyMs?: number } = {},
) {
  const response = options.response ?? 'fast';
  const { windowMs, hopMs } = SHAPE[response];
  const everyMs = options.everyMs ?? (response === 'fast' ? 16 : hopMs);
  const tracker = createNoteTracker(trackerOptionsFor(response, hopMs));
  let lastHz = 0;
  /** `onsetMs` given: where the audio thread located the new note (else none located). */
  const send = (hz: number, endMs: number, onsetMs = Number.NaN): void => {
    // The audio thread locates an onset only for a new pitch (`accumulator.ts`).
    const isNew = hz > 0 && !sameNote(hz, lastHz);
    lastHz = hz;
    const reading = measured(hz, endMs, response);
    const located = isNew ? onsetMs : Number.NaN;
    for (const event of tracker.push({ ...reading, onsetMs: located })) consumer.onNote?.(event);
    consumer.onReading(streamReading(reading, tracker.current));
  };
  return {
    send,
    play(
      fromMs: number,
      toMs: number,
      hzAt: (centreMs: number) => number,
      tick?: (nowMs: number) => void,
    ) {
      // Windows centred on each time: the audio at t is first analysed by a window ending later.
      for (let t = fromMs; t <= toMs; t += everyMs) {
        const hz = hzAt(t);
        // Located like the audio thread does: to the nearest 256-sample step (5.3 ms).
        let onsetMs = t;
        while (onsetMs - LOCATE_STEP_MS > t - everyMs && hzAt(onsetMs - LOCATE_STEP_MS) === hz) {
          onsetMs -= LOCATE_STEP_MS;
        }
        send(hz, t + windowMs / 2, onsetMs);
        tick?.(t + windowMs / 2);
      }
    },
  };
}
