/**
 * The audio frame of a take's first sample (issue 20, "takes on the audio clock"). Where
 * MediaRecorder begins inside its own buffering (Chromium hands it audio in 10 ms chunks on
 * another thread), and any priming its codec adds, no API reports: measured, the first recorded
 * sample sat −4 … +8 ms from the frame being processed at `start()` (e2e/take-clock.e2e.ts). So
 * what the graph hears is captured for a few seconds with audio-clock frame stamps
 * (`frame-tap.ts`), the take's first encoded chunks are decoded as a player will decode them, and
 * the decoded start is found in the capture by cross-correlation (`cross-correlation.ts`): the
 * take's origin is then that frame on the stream's clock, to the sample. Where nothing can be
 * matched (silence, a steady tone that matches itself a period on, a format this browser cannot
 * decode in pieces), the origin stays the frame processed at `start()`, and says so.
 */
import { findLag } from './cross-correlation';
import { startFrameCapture, type FrameCapture } from './frame-tap';
import type { MicrophoneTap } from '../stream/microphone-tap';

export interface TakeOrigin {
  /** Audio-clock frame of the take's first sample. */
  frame: number;
  /** Its stream time (`tap.toStreamMs`), ms on the readings' timeline: the take's t0. */
  startedAtMs: number;
  /** Found in the recorded audio; false: the frame processed when recording started. */
  measured: boolean;
  /** Pearson's r of the match (0 when not measured). */
  score: number;
}

/** How long the frame tap listens, s: the PCM fallback's first chunks arrive after ~4 s. */
export const CAPTURE_S = 6;
/** The decoded stretch matched against the capture, s. */
const PROBE_S = 0.5;
/**
 * How far from the frame processed at `start()` the first sample may be, s: measured −4 … +8 ms
 * (Chromium), so 0.2 s is ample. It is kept short of a metronome's period: with ±0.5 s, a take of
 * clicks at 120 bpm matched itself one beat on as well as it matched the truth (r 0.951 against
 * 0.949), so no stretch decided and one take in three kept the estimate, 7.6 ms off. Anything
 * repeating slower than 300 bpm cannot alias now.
 */
const SEARCH_S = 0.2;
/** A match counts from this r, and only if no other lag (≥ 32 samples away) comes this close. */
const MIN_SCORE = 0.5;
const MIN_MARGIN = 0.1;
/**
 * After recording ends, the origin settles within this, measured or not, ms. 2 s was too short on
 * a loaded machine (two test suites on 2 cores): the last try had not finished, and a take that
 * could be measured was saved with the estimate, 7 ms off. The save waits at most this long.
 */
const FINISH_TIMEOUT_MS = 6000;

export interface OriginAlignerDeps {
  capture?: (context: AudioContext, source: AudioNode, maxFrames: number) => Promise<FrameCapture>;
  /** Decodes a take's first bytes to mono samples at the context's rate (null: cannot). */
  decode?: (bytes: ArrayBuffer) => Promise<Float32Array | null>;
}

export interface OriginAligner {
  /** The origin before any measurement: the frame processed now. */
  readonly estimate: TakeOrigin;
  /** Settles once measured, or with `estimate` once it cannot be. */
  readonly origin: Promise<TakeOrigin>;
  /** Every chunk the take stores, in order. */
  onChunk(chunk: Blob): void;
  /** Recording ended: a last try with what came, then settle. */
  finish(): void;
}

export function createOriginAligner(
  tap: MicrophoneTap,
  deps: OriginAlignerDeps = {},
): OriginAligner {
  const { context } = tap;
  const rate = context.sampleRate;
  const capture = deps.capture ?? startFrameCapture;
  const decode = deps.decode ?? ((bytes) => decodeMono(context, bytes));
  const estimateFrame = Math.round(context.currentTime * rate);
  const estimate: TakeOrigin = {
    frame: estimateFrame,
    startedAtMs: tap.toStreamMs(estimateFrame),
    measured: false,
    score: 0,
  };
  let settled = false;
  let resolveOrigin: (origin: TakeOrigin) => void = () => undefined;
  const origin = new Promise<TakeOrigin>((resolve) => (resolveOrigin = resolve));
  const capturing = capture(context, tap.source, Math.round(CAPTURE_S * rate)).catch(
    (error: unknown) => {
      console.warn('take origin: no frame capture, origin not measured', error);
      return null;
    },
  );
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  const settle = (result: TakeOrigin): void => {
    if (settled) return;
    settled = true;
    clearTimeout(finishTimer);
    resolveOrigin(result);
    void capturing.then((c) => c?.stop());
  };

  const chunks: Blob[] = [];
  let busy = false;
  let again = false;
  let finished = false;
  let resolveFinishing: () => void = () => undefined;
  const finishing = new Promise<void>((resolve) => (resolveFinishing = resolve));
  let captureOver = false;
  void capturing
    .then((c) => c?.whenLength(Number.POSITIVE_INFINITY))
    .then(() => {
      captureOver = true;
      void attempt();
    });

  /** Tries to measure with the chunks so far; settles with the estimate once no try is left. */
  async function attempt(): Promise<void> {
    if (settled) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    do {
      again = false;
      const found = await measure().catch((error: unknown) => {
        console.warn('take origin: not measured', error);
        return null;
      });
      if (found === 'exhausted') settle(estimate);
      else if (found) settle(found);
    } while (again && !settled);
    busy = false;
    // Recording over: what was not found will not be.
    if (finished) settle(estimate);
  }

  /** Where the next stretch of the decoded take to match begins (stretches tried are not again). */
  let nextProbe = 0;

  /** The origin, or null to try again with more audio, or 'exhausted': the capture is spent. */
  async function measure(): Promise<TakeOrigin | null | 'exhausted'> {
    const reference = await capturing;
    if (!reference) return estimate;
    const probeFrames = Math.round(PROBE_S * rate);
    const searchFrames = Math.round(SEARCH_S * rate);
    const decoded = await decode(await new Blob(chunks).arrayBuffer());
    if (!decoded) return null;
    // Stretch by stretch from the take's start, each against only the part of the capture it can
    // be in (±SEARCH_S around where the first guess puts it): small FFTs, the page kept
    // responsive between them. A stretch of steady tone matches itself one period on and is
    // passed over for the next.
    while (!settled) {
      const start = nextProbe;
      const length = Math.min(probeFrames, decoded.length - start);
      if (length < (finished ? probeFrames / 2 : probeFrames)) return null; // wait for more audio
      // Where the first guess puts this stretch in the capture, and the span it may be in.
      const at = estimateFrame + start - reference.startFrame;
      // Once recording is over, what was captured is all there is (the graph may be gone).
      if (!reference.done && !finished) {
        await Promise.race([reference.whenLength(at + length + searchFrames), finishing]);
      }
      if (Number.isNaN(reference.startFrame)) return null;
      const samples = reference.samples();
      const from = Math.max(0, at - searchFrames);
      const to = Math.min(samples.length, at + length + searchFrames);
      if (to - from < length / 2) return captureOver ? 'exhausted' : null;
      nextProbe = start + probeFrames;
      const match = findLag(samples.subarray(from, to), decoded.subarray(start, start + length), {
        minLag: at - searchFrames - from,
        maxLag: at + searchFrames - from,
        minOverlap: Math.ceil(length / 2),
      });
      if (match && match.score >= MIN_SCORE && match.score - match.runnerUp >= MIN_MARGIN) {
        const frame = reference.startFrame + from + match.lag - start;
        return { frame, startedAtMs: tap.toStreamMs(frame), measured: true, score: match.score };
      }
      await new Promise((resolve) => setTimeout(resolve, 0)); // let the page draw
    }
    return null;
  }

  return {
    estimate,
    origin,
    onChunk(chunk) {
      if (settled || chunk.size === 0) return;
      chunks.push(chunk);
      void attempt();
    },
    finish() {
      finished = true;
      resolveFinishing();
      void attempt();
      // Whatever a try in flight waits on, the take's end is not held up for long.
      finishTimer = setTimeout(() => settle(estimate), FINISH_TIMEOUT_MS);
    },
  };
}

/** The first channel of `bytes` decoded at the context's rate, or null when it cannot be. */
async function decodeMono(
  context: BaseAudioContext,
  bytes: ArrayBuffer,
): Promise<Float32Array | null> {
  try {
    const buffer = await context.decodeAudioData(bytes);
    return buffer.getChannelData(0);
  } catch {
    return null; // too little of it yet, or a format this browser decodes only whole
  }
}
