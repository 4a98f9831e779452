/**
 * Records the microphone the pitch service is already listening to (its `MediaStream`, so no
 * second getUserMedia and no second prompt), encoded by the browser's MediaRecorder and handed out
 * in chunks of `timesliceMs` (the caller stores each one: memory stays flat for an hour).
 *
 * Formats, first supported wins (MediaRecorder.isTypeSupported): Opus in WebM (Chromium, Android
 * WebView, Firefox), Opus in Ogg (older Firefox), AAC in MP4 (Safari and iOS WKWebView 14.5+).
 * A platform whose MediaRecorder encodes none of these (or has none) records 16-bit PCM WAV from
 * the same graph instead (`pcm-recorder.ts`); the app's targets (Chromium, Firefox, Safari 14.5+,
 * Android WebView, iOS 15+ WKWebView) all take the MediaRecorder path.
 */
import { createOriginAligner, type OriginAlignerDeps, type TakeOrigin } from './origin-aligner';
import { startPcmRecorder } from './pcm-recorder';
import { startWithStandby } from './recorder-standby';
import type { MicrophoneTap } from '../stream/microphone-tap';

export interface RecordingFormat {
  /** What MediaRecorder was asked for and what the stored Blob says. */
  mimeType: string;
  codec: 'opus' | 'aac' | 'pcm';
}

export const RECORDING_FORMATS: readonly RecordingFormat[] = [
  { mimeType: 'audio/webm;codecs=opus', codec: 'opus' },
  { mimeType: 'audio/ogg;codecs=opus', codec: 'opus' },
  { mimeType: 'audio/mp4;codecs=mp4a.40.2', codec: 'aac' },
  { mimeType: 'audio/mp4', codec: 'aac' },
];

/** Mono speech-and-music quality: a take costs ~0.5 MB per minute. */
export const RECORDING_BITS_PER_SECOND = 64_000;
export const DEFAULT_TIMESLICE_MS = 1000;

type MediaRecorderClass = {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
};

function mediaRecorderClass(): MediaRecorderClass | undefined {
  return typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder;
}

/** The first format this platform's MediaRecorder encodes, or null (recording unavailable). */
export function pickRecordingFormat(
  Recorder: Pick<MediaRecorderClass, 'isTypeSupported'> | undefined = mediaRecorderClass(),
): RecordingFormat | null {
  if (!Recorder) return null;
  return RECORDING_FORMATS.find((format) => Recorder.isTypeSupported(format.mimeType)) ?? null;
}

/** Whether this platform can record at all (MediaRecorder, or the PCM fallback's capture node). */
export function canRecordAudio(): boolean {
  return (
    pickRecordingFormat() !== null ||
    (typeof AudioContext !== 'undefined' && 'createScriptProcessor' in AudioContext.prototype)
  );
}

/** Why recording ended: asked to, the microphone went away, or the encoder failed. */
export type RecorderEnd =
  { reason: 'stopped' } | { reason: 'mic-lost' } | { reason: 'error'; message: string };

export interface RecorderCallbacks {
  /** A chunk of encoded audio, in order; the last one arrives before `onEnd`. */
  onChunk(chunk: Blob): void;
  onEnd(end: RecorderEnd): void;
}

export interface AudioRecorder {
  readonly format: RecordingFormat;
  /**
   * The take's time origin before it is measured: the stream's time (`tap.toStreamMs`) of the
   * frame being processed when recording started, on the readings' timeline.
   */
  readonly startedAtMs: number;
  /**
   * The take's origin as measured in its audio: the audio frame of its first sample
   * (`origin-aligner.ts`); settles within a few seconds, or at the end of a shorter take.
   */
  readonly origin?: Promise<TakeOrigin>;
  /** Stops; resolves after the last chunk and `onEnd`. */
  stop(): Promise<void>;
  /**
   * PCM only: the exact WAV header to replace the first chunk with once recording has ended (null
   * when the take was not PCM after all).
   */
  finalHeader?(): Blob | null;
}

export interface RecorderOptions {
  timesliceMs?: number;
  Recorder?: MediaRecorderClass;
  now?: () => number;
  /** How the origin is measured (tests); false: not measured, the frame at start stands. */
  align?: OriginAlignerDeps | false;
}

/**
 * A MediaRecorder chunk (or nothing) has come within this many timeslices, or the PCM recorder
 * standing by takes over (`recorder-standby.ts`). Firefox has been seen to take 2.9 s for its
 * first 1 s chunk.
 */
export const VERIFY_TIMESLICES = 4;

/** Starts recording the tap's stream; throws when the platform cannot record. */
export function startRecorder(
  tap: MicrophoneTap,
  callbacks: RecorderCallbacks,
  options: RecorderOptions = {},
): AudioRecorder {
  const Recorder = options.Recorder ?? mediaRecorderClass();
  const format = pickRecordingFormat(Recorder);
  const timesliceMs = options.timesliceMs ?? DEFAULT_TIMESLICE_MS;
  if (!(timesliceMs >= 100 && timesliceMs <= 10_000)) {
    throw new RangeError(`timesliceMs must be 100–10000, got ${timesliceMs}`);
  }
  // The take's origin on the stream's clock (issue 20), as readings are stamped: first the frame
  // the graph processes now (performance.now() at MediaRecorder.start() put the trace 13–23 ms
  // early against the audio in Chromium), then the frame of the first recorded sample, found in
  // the audio (`origin-aligner.ts`; the first guess was −4 … +8 ms off: e2e/take-clock.e2e.ts).
  const aligner = options.align === false ? null : createOriginAligner(tap, options.align);
  const now =
    options.now ??
    (() =>
      aligner?.estimate.startedAtMs ??
      tap.toStreamMs(Math.round(tap.context.currentTime * tap.context.sampleRate)));
  const outer: RecorderCallbacks = aligner
    ? {
        onChunk(chunk) {
          aligner.onChunk(chunk);
          callbacks.onChunk(chunk);
        },
        onEnd(end) {
          aligner.finish();
          callbacks.onEnd(end);
        },
      }
    : callbacks;
  // The recorder objects keep their getters (`format`, `using`): the origin is added to them.
  const withOrigin = (recorder: AudioRecorder): AudioRecorder =>
    aligner ? Object.defineProperty(recorder, 'origin', { value: aligner.origin }) : recorder;
  try {
    const pcm = (cb: RecorderCallbacks) => startPcmRecorder(tap, cb, timesliceMs, now);
    if (!Recorder || !format) return withOrigin(pcm(outer));
    const media = (cb: RecorderCallbacks) =>
      startMediaRecorder(tap, cb, { Recorder, format, timesliceMs, now });
    const canStandBy = 'createScriptProcessor' in tap.context;
    if (!canStandBy) return withOrigin(media(outer));
    return withOrigin(
      startWithStandby(media, pcm, outer, { verifyMs: VERIFY_TIMESLICES * timesliceMs, now }),
    );
  } catch (error) {
    aligner?.finish();
    throw error;
  }
}

/** MediaRecorder alone on the tap's stream. */
export function startMediaRecorder(
  tap: MicrophoneTap,
  callbacks: RecorderCallbacks,
  options: {
    Recorder: MediaRecorderClass;
    format: RecordingFormat;
    timesliceMs: number;
    now: () => number;
  },
): AudioRecorder {
  const { Recorder, format, timesliceMs, now } = options;
  // Not the getUserMedia track itself but what the Web Audio graph hears, as a stream of its own:
  // the recording is then the graph's (its sample rate), as the tuner hears it. (Firefox's page
  // stalls, first blamed on recording the track, were Gecko's outputLatency deadlock: see
  // audio-clock.ts, issue 26.)
  const destination = tap.context.createMediaStreamDestination();
  destination.channelCount = 1;
  tap.source.connect(destination);
  const recorder = new Recorder(destination.stream, {
    mimeType: format.mimeType,
    audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
  });
  let end: RecorderEnd | null = null;
  let resolveStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  const track = tap.stream.getAudioTracks()[0];
  const onTrackEnded = (): void => {
    end ??= { reason: 'mic-lost' };
    if (recorder.state !== 'inactive') recorder.stop();
  };
  track?.addEventListener('ended', onTrackEnded);

  recorder.ondataavailable = (event: BlobEvent) => {
    if (event.data.size > 0) callbacks.onChunk(event.data);
  };
  recorder.onerror = (event: Event) => {
    const error = (event as Event & { error?: DOMException }).error;
    end ??= { reason: 'error', message: error?.message ?? 'the recorder failed' };
    if (recorder.state !== 'inactive') recorder.stop();
  };
  recorder.onstop = () => {
    track?.removeEventListener('ended', onTrackEnded);
    recorder.ondataavailable = null;
    recorder.onerror = null;
    recorder.onstop = null;
    try {
      tap.source.disconnect(destination);
    } catch {
      // The graph was already torn down (the service stopped).
    }
    // A stream whose tracks all ended stops the recorder by itself: the microphone was lost.
    const live = tap.stream.getAudioTracks().some((t) => t.readyState === 'live');
    callbacks.onEnd(end ?? (live ? { reason: 'stopped' } : { reason: 'mic-lost' }));
    resolveStopped();
  };
  const startedAtMs = now();
  recorder.start(timesliceMs);
  return {
    format,
    startedAtMs,
    stop() {
      end ??= { reason: 'stopped' };
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
  };
}
