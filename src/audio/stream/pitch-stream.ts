/**
 * The pitch stream's decoding: worklet results → self-describing readings and note events, on the
 * `performance.now()` timeline. One per running audio thread (its clock and its note tracker);
 * `pitch-service.ts` owns the platform objects and the state machine around it. No Web Audio
 * objects are created here: the context is only read for its clocks.
 */
import { PEDAL_FLOOR_HZ } from '../worklet/analysis-window';
import { createAudioClock, type ClockContext } from '../clock/audio-clock';
import type { PitchMessage, ReadyMessage } from '../worklet/messages';
import {
  createNoteTracker,
  trackerOptionsFor,
  type NoteEvent,
  type NoteIdCounter,
} from './note-tracker';
import type { AnalysisMode, LevelDip, PitchReading } from './pitch-service-types';
import { streamReading } from './reading';
import { NO_DIPS } from './stream-defaults';

// Defined in stream-defaults.ts (small enough for the initial chunk); re-exported for consumers.
export { DEFAULT_CEILING_HZ, DEFAULT_MODE, idleReading } from './stream-defaults';

/** Checks a mode up front; the error names the allowed range. */
export function validateMode(mode: AnalysisMode): void {
  if (mode.response !== 'block' && mode.response !== 'fast') {
    throw new RangeError(`response must be 'block' or 'fast', got ${String(mode.response)}`);
  }
  if (!(mode.floorHz >= PEDAL_FLOOR_HZ && mode.floorHz <= 1000)) {
    throw new RangeError(`floorHz must be ${PEDAL_FLOOR_HZ}..1000 Hz, got ${mode.floorHz}`);
  }
  if (!(mode.ceilingHz >= 500 && mode.ceilingHz <= 20_000)) {
    throw new RangeError(`ceilingHz must be 500..20000 Hz, got ${mode.ceilingHz}`);
  }
}

export interface StreamDecoder {
  /** One worklet result → its reading and the note events it caused (events come first). */
  decode(
    message: PitchMessage,
    ceilingHz: number,
    nowMs: number,
  ): { reading: PitchReading; events: readonly NoteEvent[] };
  /** The stream stops: the sounding note ends at `atMs`. */
  flush(atMs: number): readonly NoteEvent[];
  /** The stream's time of audio-clock frame `frame`, as readings are stamped (a take's origin). */
  toStreamMs(frame: number): number;
}

export function createStreamDecoder(
  context: ClockContext,
  ready: Pick<ReadyMessage, 'windowSamples' | 'hopSamples'>,
  response: AnalysisMode['response'],
  inputLatencyS: number,
  /** The stream's note numbers, kept across restarts of the audio thread (`NoteState.id`). */
  noteIds: NoteIdCounter = { last: 0 },
): StreamDecoder {
  const clock = createAudioClock(context, Number.isFinite(inputLatencyS) ? inputLatencyS : 0);
  const tracker = createNoteTracker({
    ...trackerOptionsFor(response, (1000 * ready.hopSamples) / context.sampleRate),
    noteIds,
  });
  const { windowSamples } = ready;
  return {
    decode(message, ceilingHz, nowMs) {
      clock.sync(nowMs);
      // Far above the instrument: a whistle, electronics, aliasing. No pitch, like noise.
      const aboveCeiling = message.hz > ceilingHz;
      const hz = aboveCeiling ? 0 : message.hz;
      const windowStartMs = clock.toPerfMs(message.endFrame - windowSamples);
      const windowEndMs = clock.toPerfMs(message.endFrame);
      const onsetMs = message.onsetFrame >= 0 ? clock.toPerfMs(message.onsetFrame) : Number.NaN;
      let dips = NO_DIPS;
      // Older senders (and tests' hand-made messages) may carry none.
      const dipCount = message.dipCount ?? 0;
      if (dipCount > 0) {
        const list: LevelDip[] = [];
        for (let k = 0; k < dipCount; k++) {
          list.push({
            attackMs: clock.toPerfMs(message.dipAttackFrames[k]),
            depthDb: message.dipDepthsDb[k],
          });
        }
        dips = list.sort((a, b) => a.attackMs - b.attackMs);
      }
      const events = tracker.push({ hz, windowStartMs, windowEndMs, onsetMs });
      const reading = streamReading(
        {
          hz,
          clarity: aboveCeiling ? 0 : message.clarity,
          levelDb: message.levelDb,
          windowStartMs,
          windowEndMs,
          endFrame: message.endFrame,
          response,
          windowSamples,
          sampleRate: context.sampleRate,
          live: true,
          dips,
        },
        tracker.current,
      );
      return { reading, events };
    },
    flush: (atMs) => tracker.flush(atMs),
    toStreamMs: (frame) => clock.toPerfMs(frame),
  };
}
