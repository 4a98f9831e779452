/* eslint-disable max-lines -- Over 300 lines: one recording's life (refusals, origin, chunks, every way it ends) over injected platform objects; its timeline is take-timeline.ts. */
/**
 * Recording a take: the microphone's audio (src/audio/recording/recorder.ts) and the pitch stream's
 * readings and note events, on the audio clock, written to storage a chunk at a time.
 *
 * Refused before it starts (with a message; practice goes on) when the platform cannot record,
 * nothing is listening, or storage is unavailable or nearly full. Once started, the take is
 * closed and kept up to the last chunk when the microphone goes away (track ended, page hidden:
 * the pitch service releases the microphone) or storage fills.
 */
import { currentTakeContext, type TakeContext } from './take-context';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { storageProblemOf } from '../storage';
import type { PitchService } from '../audio/stream/pitch-service-types';
import {
  canRecordAudio,
  startRecorder as startAudioRecorder,
  type AudioRecorder,
  type RecorderCallbacks,
  type RecorderEnd,
} from '../audio/recording/recorder';
import { canTap, type MicrophoneTap } from '../audio/stream/microphone-tap';
import { hzToMidi } from '../music';
import { NOTES_SHOWN, type TakeMeta, type TakeNote, type TakeSource } from './take-format';
import { TakeDeletedError, type TakeStore } from './take-store';
import { ORIGIN_MARGIN_MS, toTakeClock } from './take-timeline';
import { inputLatencySource, type InputLatencySource } from '../audio/clock/input-latency';
import { getSettingsStore } from '../settings';

/**
 * A take is kept on the audio clock: ms of the context's frames (`currentTime`), the clock its
 * audio is recorded on. The stream's ms (`reading.timeMs`) follow the context's output
 * timestamps, and those moved by up to 10 ms within a take on a busy machine (the stream follows
 * them smoothly, `audio-clock.ts`): a trace kept on them slid against its audio by as much
 * (e2e/take-clock.e2e.ts, 2026-11-26). Frames never move. Stop is on this clock too: on
 * performance.now(), which is ahead of it by the latencies, a Stop kept what was heard after it.
 */
const audioNowMs = (tap: MicrophoneTap): number => tap.context.currentTime * 1000;
const frameMs = (tap: MicrophoneTap, frame: number): number =>
  (frame * 1000) / tap.context.sampleRate;

const defaultLatencySource = (tap: MicrophoneTap): InputLatencySource =>
  inputLatencySource(
    tap.context,
    tap.stream,
    getSettingsStore().get().inputLatencyCalibrationMs !== null,
  );

/** Below this much free storage a take is refused before it starts (~10 min of Opus at 64 kb/s). */
export const MIN_FREE_BYTES = 5 * 1024 * 1024;

/** Shorter than this at the take's edge is not a note (the stream's onset gate needs ≥ 20 ms). */
const MIN_NOTE_MS = 20;

export type RecordingState =
  | { state: 'idle'; message?: string; tone?: 'info' | 'error' }
  | { state: 'starting' }
  | { state: 'recording'; takeId: string; startedAtMs: number }
  | { state: 'saving' };

export interface TakeRecorder {
  readonly state: ReadonlyObservable<RecordingState>;
  start(source: TakeSource, name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface TakeRecorderDeps {
  service: PitchService;
  store: TakeStore;
  startRecorder?: (tap: MicrophoneTap, callbacks: RecorderCallbacks) => AudioRecorder;
  canRecord?: () => boolean;
  wallNow?: () => number;
  newId?: () => string;
  /** What the take's times say of the input latency (default: the browser's report, the settings). */
  latencySource?: (tap: MicrophoneTap) => InputLatencySource;
  /** What the take is about (a piece's practice screen); default: the screen's take context. */
  context?: () => TakeContext | null;
}

const round = (value: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function storageMessage(error: unknown): string {
  return storageProblemOf(error) === 'full'
    ? 'Storage is full'
    : 'Storage is unavailable in this browser (private mode or storage blocked)';
}

function defaultId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `take-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function createTakeRecorder(deps: TakeRecorderDeps): TakeRecorder {
  const { service, store } = deps;
  const wallNow = deps.wallNow ?? (() => Date.now());
  const newId = deps.newId ?? defaultId;
  const latencySource = deps.latencySource ?? defaultLatencySource;
  const canRecord = deps.canRecord ?? canRecordAudio;
  const context = deps.context ?? currentTakeContext;
  /** The piece and its verdicts so far, kept once known (the screen may be left before Stop). */
  const withPiece = (meta: TakeMeta): void => {
    const piece = context()?.pieceFor(meta.startedAtMs);
    if (piece) meta.piece = piece;
  };
  const begin = deps.startRecorder ?? ((tap, callbacks) => startAudioRecorder(tap, callbacks));
  const state = createObservable<RecordingState>({ state: 'idle' });
  let active: { stop(): Promise<void> } | null = null;

  const refuse = (message: string): void => state.set({ state: 'idle', message, tone: 'error' });

  async function start(source: TakeSource, name: string): Promise<void> {
    if (state.get().state !== 'idle') return;
    const tap = canTap(service) ? service.microphoneTap() : null;
    if (!tap || service.status.get().state !== 'connected') {
      refuse('Start listening first: recording needs the microphone.');
      return;
    }
    if (!canRecord()) {
      refuse('This browser cannot record audio. Practice goes on.');
      return;
    }
    state.set({ state: 'starting' });
    const use = await store.estimate();
    if (use && use.quotaBytes - use.usageBytes < MIN_FREE_BYTES) {
      const freeMb = Math.max(0, (use.quotaBytes - use.usageBytes) / 1e6).toFixed(1);
      refuse(
        `Storage is almost full (${freeMb} MB free): delete old takes to record. Practice goes on.`,
      );
      return;
    }
    const meta: TakeMeta = {
      id: newId(),
      name,
      source,
      startedAtMs: wallNow(),
      durationMs: 0,
      bytes: 0,
      mimeType: '',
      noteCount: 0,
      notesMidi: [],
      state: 'recording',
    };
    try {
      await store.put(meta); // the probe: private mode and full storage refuse here
    } catch (error) {
      refuse(`${storageMessage(error)}: the take cannot be recorded. Practice goes on.`);
      return;
    }
    // The service may have stopped while storage answered.
    const liveTap = canTap(service) ? service.microphoneTap() : null;
    if (!liveTap) {
      await store.remove(meta.id).catch(() => undefined);
      refuse('The microphone stopped before recording began.');
      return;
    }

    // The take's origin: first a guess, then (within seconds) the audio frame of its first sample
    // as measured in the recording (`src/audio/recording/origin-aligner.ts`). Readings and notes
    // are kept on the audio clock and written relative to the origin once it is settled.
    const now = (): number => audioNowMs(liveTap);
    /**
     * A note event's stream time on the audio clock: less the stream's offset now (the clock the
     * event was stamped on moves by well under a ms between its readings).
     */
    const noteAudioMs = (streamMs: number): number => streamMs - liveTap.toStreamMs(0);
    let t0 = now();
    let originSettled = false;
    // When Stop was pressed, on the audio clock: the take ends there, however long the encoder
    // or the origin takes to finish (WebKitGTK's encoder waits 2 s for its end of stream), so
    // nothing heard after it is kept and the take lasts from its origin to Stop.
    let stopAtMs = Number.POSITIVE_INFINITY;
    const until = (): number => Math.min(now(), stopAtMs);
    /** Since the last write: readings (audio-clock ms first, 5 numbers each), notes (audio-clock ms). */
    let readings: number[] = [];
    let notes: TakeNote[] = [];
    /** Chunks waiting for the origin to settle. */
    const pending: { audio: Blob; readings: number[]; notes: TakeNote[] }[] = [];
    let open: { onsetMs: number; hz: number } | null = null;
    let seq = 0;
    let writes = Promise.resolve();
    let storageError: unknown = null;
    let stopReason: string | undefined;
    let recorder: AudioRecorder | null = null;

    const pushNote = (note: TakeNote): void => {
      notes.push(note);
      meta.noteCount++;
      const midi = Math.round(hzToMidi(note.hz));
      const last = meta.notesMidi[meta.notesMidi.length - 1];
      if (midi !== last && meta.notesMidi.length < NOTES_SHOWN) meta.notesMidi.push(midi);
    };
    /** The last reading kept: the trace is in time order, as its file requires. */
    let lastReadingMs = Number.NEGATIVE_INFINITY;
    const unsubscribeReading = service.reading.subscribe((reading) => {
      if (!reading.live || !Number.isFinite(reading.endFrame)) return;
      const atMs = frameMs(liveTap, reading.endFrame);
      const from = originSettled ? t0 : t0 - ORIGIN_MARGIN_MS;
      if (atMs < from || atMs > stopAtMs) return;
      // The stream's ms can step back (Firefox re-estimates its clock from when messages arrive:
      // an exported take was once refused on import), its frames cannot; a repeated frame (the
      // audio thread restarted) describes sound the trace already covers: not kept.
      if (atMs <= lastReadingMs) return;
      lastReadingMs = atMs;
      readings.push(
        atMs,
        round(reading.hz, 2),
        round(reading.clarity, 3),
        round(reading.levelDb, 1),
        round(reading.noteHz, 2),
      );
    });
    const unsubscribeNotes = service.notes.subscribe((event) => {
      const onsetMs = noteAudioMs(event.onsetMs);
      if (onsetMs > stopAtMs) return; // began after Stop
      if (event.type === 'note-on') {
        open = { onsetMs, hz: event.hz };
        return;
      }
      // A note-off carries the whole note: it also closes one that began before the take did.
      const offsetMs = Math.min(noteAudioMs(event.offsetMs), stopAtMs);
      open = null;
      // Ended before the take began, or a sliver of one that ended as it started: not a note.
      if (offsetMs - Math.max(onsetMs, t0) < MIN_NOTE_MS) return;
      pushNote({ onsetMs, offsetMs, hz: round(event.hz, 2) });
    });
    // Hidden page, lost track, stopped service: the service lets go of the microphone.
    const unsubscribeStatus = service.status.subscribe((status) => {
      if (status.state !== 'connected' && status.state !== 'suspended') {
        stopReason ??=
          'The microphone was released (app hidden or microphone lost): the take was saved up to that point.';
        void recorder?.stop();
      }
    });

    const write = (audio: Blob): void => {
      pending.push({ audio, readings, notes });
      readings = [];
      notes = [];
      if (originSettled) writePending();
    };
    const writePending = (): void => {
      for (const held of pending.splice(0))
        writeChunk(held.audio, toTakeClock(held.readings, held.notes, t0));
    };
    const writeChunk = (audio: Blob, onClock: { readings: number[]; notes: TakeNote[] }): void => {
      // The format may change once, early: MediaRecorder checked, PCM standing by (src/audio/).
      if (recorder) meta.mimeType = recorder.format.mimeType;
      const chunk = { takeId: meta.id, seq: seq++, audio, ...onClock };
      meta.bytes += audio.size;
      meta.durationMs = Math.max(meta.durationMs, round(until() - t0, 0));
      withPiece(meta);
      const snapshot = { ...meta, notesMidi: [...meta.notesMidi] };
      writes = writes.then(async () => {
        if (storageError) return;
        try {
          await store.appendChunk(chunk, snapshot);
        } catch (error) {
          storageError = error;
          stopReason =
            error instanceof TakeDeletedError
              ? 'The take was deleted while it was recording: recording stopped.'
              : `${storageMessage(error)}: the take was stopped and kept up to ${formatClock(snapshot.durationMs)}.`;
          void recorder?.stop();
        }
      });
    };

    let resolveEnd: (end: RecorderEnd) => void = () => undefined;
    const ended = new Promise<RecorderEnd>((resolve) => (resolveEnd = resolve));
    try {
      meta.inputLatency = latencySource(liveTap);
      recorder = begin(liveTap, { onChunk: write, onEnd: resolveEnd });
      // The guess: the frame processed as recording started (the recorder's own guess, on the
      // stream's clock, is the same frame; its ms are what the record button counts from).
      t0 = now();
      meta.mimeType = recorder.format.mimeType;
      // A note already sounding when the take starts is part of it from the first sample.
      const sounding = service.reading.get();
      if (sounding.live && sounding.noteHz > 0) open = { onsetMs: -Infinity, hz: sounding.noteHz };
      state.set({ state: 'recording', takeId: meta.id, startedAtMs: recorder.startedAtMs });
      const settleOrigin = (originMs: number, measured: boolean): void => {
        if (originSettled) return;
        t0 = originMs;
        meta.originMeasured = measured;
        originSettled = true;
        writePending();
      };
      if (recorder.origin) {
        recorder.origin.then(
          (origin) => settleOrigin(frameMs(liveTap, origin.frame), origin.measured),
          () => settleOrigin(t0, false),
        );
      } else {
        settleOrigin(t0, false);
      }
    } catch (error) {
      resolveEnd({
        reason: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
    const finished = ended.then(async (end) => {
      unsubscribeReading();
      unsubscribeNotes();
      unsubscribeStatus();
      state.set({ state: 'saving' });
      if (open) {
        pushNote({ onsetMs: open.onsetMs, offsetMs: until(), hz: round(open.hz, 2) });
        open = null;
      }
      if (readings.length > 0 || notes.length > 0) write(new Blob([], { type: meta.mimeType }));
      // The recorder settles its origin by its end at the latest (`origin-aligner.ts` finish()).
      await recorder?.origin?.catch(() => undefined);
      await writes;
      // PCM: the WAV header written first had an open length; now the exact one.
      const header = recorder?.finalHeader?.();
      if (header && !storageError) {
        await store.replaceAudio(meta.id, 0, header).catch(() => undefined);
      }
      if (end.reason === 'error' && seq === 0) {
        await store.remove(meta.id).catch(() => undefined);
        active = null;
        refuse(`Recording failed: ${end.message}`);
        return;
      }
      const complete = end.reason === 'stopped' && !storageError && !stopReason;
      meta.state = complete ? 'complete' : 'interrupted';
      if (!complete) {
        meta.endReason =
          stopReason ??
          (end.reason === 'error'
            ? `Recording failed (${end.message}): the take was kept up to that point.`
            : 'The microphone was lost: the take was saved up to that point.');
      }
      let message = complete
        ? `Take saved (${formatClock(meta.durationMs)}).`
        : (meta.endReason ?? '');
      try {
        withPiece(meta);
        if (!storageError) await store.put(meta);
      } catch (error) {
        message = `${storageMessage(error)}: the take was kept up to its last saved second.`;
      }
      active = null;
      state.set({ state: 'idle', message, tone: complete ? 'info' : 'error' });
    });
    active = {
      async stop() {
        stopAtMs = Math.min(stopAtMs, now());
        await recorder?.stop();
        await finished;
      },
    };
  }

  return {
    state,
    start,
    async stop() {
      await active?.stop();
    },
  };
}
