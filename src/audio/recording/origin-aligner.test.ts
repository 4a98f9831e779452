import { describe, expect, it } from 'vitest';
import type { FrameCapture } from './frame-tap';
import { createOriginAligner, type OriginAlignerDeps } from './origin-aligner';
import type { MicrophoneTap } from '../stream/microphone-tap';
import { whiteNoise as noise } from '../testing/noise';

const RATE = 1000; // a small rate keeps the matching cheap; the logic is in frames
const NOW_FRAME = 10_000;

/** What the graph heard, frame by frame from 0 (`signal(frame)`). */
type Heard = (frame: number) => number;

function setup(options: {
  heard: Heard;
  /** The capture's first frame, and the recording's first sample's frame. */
  captureFrame: number;
  firstSampleFrame: number | null;
}) {
  const tap = {
    context: { sampleRate: RATE, currentTime: NOW_FRAME / RATE },
    source: {},
    stream: {},
    // A stream clock 5000 ms ahead of the audio clock: the origin must go through it.
    toStreamMs: (frame: number) => 5000 + (frame / RATE) * 1000,
  } as unknown as MicrophoneTap;
  const captured = Float32Array.from({ length: 6 * RATE }, (_, i) =>
    options.heard(options.captureFrame + i),
  );
  const capture: NonNullable<OriginAlignerDeps['capture']> = async () =>
    ({
      startFrame: options.captureFrame,
      length: captured.length,
      done: true,
      samples: () => captured,
      whenLength: async () => undefined,
      stop: () => undefined,
    }) satisfies FrameCapture;
  let decodes = 0;
  const decode: NonNullable<OriginAlignerDeps['decode']> = async (bytes) => {
    decodes++;
    const first = options.firstSampleFrame;
    if (first === null || bytes.byteLength < 2) return null; // not decodable yet
    // The codec's loss, as a little noise on top.
    const hiss = noise(RATE, 5);
    return Float32Array.from({ length: RATE }, (_, i) => options.heard(first + i) + 0.1 * hiss[i]);
  };
  const aligner = createOriginAligner(tap, { capture, decode });
  return { aligner, decodes: () => decodes };
}

const roomNoise = noise(20_000, 11);
const heardNoise: Heard = (frame) => roomNoise[frame] ?? 0;

describe('the origin of a take', () => {
  it.each([
    {
      name: 'after the frame processed at start',
      captureFrame: NOW_FRAME - 40,
      first: NOW_FRAME + 23,
    },
    { name: 'before it (buffered audio)', captureFrame: NOW_FRAME - 5, first: NOW_FRAME - 61 },
    { name: 'on it', captureFrame: NOW_FRAME, first: NOW_FRAME },
  ])('finds the first recorded sample $name, to the frame', async ({ captureFrame, first }) => {
    const { aligner } = setup({ heard: heardNoise, captureFrame, firstSampleFrame: first });
    expect(aligner.estimate).toMatchObject({ frame: NOW_FRAME, measured: false });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    const origin = await aligner.origin;
    expect(origin).toMatchObject({ frame: first, measured: true, startedAtMs: 5000 + first });
    expect(origin.score).toBeGreaterThan(0.9);
  });

  it('waits for a chunk it can decode', async () => {
    const t = setup({
      heard: heardNoise,
      captureFrame: NOW_FRAME,
      firstSampleFrame: NOW_FRAME + 7,
    });
    let settled = false;
    void t.aligner.origin.then(() => (settled = true));
    t.aligner.onChunk(new Blob([new Uint8Array(1)])); // the header alone: not decodable
    await expect.poll(() => t.decodes()).toBeGreaterThanOrEqual(1);
    expect(settled).toBe(false);
    t.aligner.onChunk(new Blob([new Uint8Array(10)]));
    expect(await t.aligner.origin).toMatchObject({ frame: NOW_FRAME + 7, measured: true });
  });

  it('keeps the frame at start, saying so, where nothing can be matched (silence)', async () => {
    const { aligner } = setup({
      heard: () => 0,
      captureFrame: NOW_FRAME,
      firstSampleFrame: NOW_FRAME + 20,
    });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    aligner.finish();
    expect(await aligner.origin).toMatchObject({ frame: NOW_FRAME, measured: false });
  });

  it('does not take a steady tone one period off: a later, distinct stretch decides', async () => {
    // 0.5 s of a pure 50 Hz tone (matches itself every 20 frames), then noise.
    const startFrame = NOW_FRAME;
    const heard: Heard = (frame) =>
      frame < startFrame + 600 ? Math.sin((2 * Math.PI * 50 * frame) / RATE) : heardNoise(frame);
    const { aligner } = setup({
      heard,
      captureFrame: NOW_FRAME - 30,
      firstSampleFrame: NOW_FRAME + 12,
    });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    expect(await aligner.origin).toMatchObject({ frame: NOW_FRAME + 12, measured: true });
  });

  it('finds the origin of a take of metronome clicks over a quiet room (120 bpm)', async () => {
    // A click every half second over −60 dBFS noise: the clicks match themselves a beat on almost
    // as well as they match the truth, so only the search span keeps that beat out.
    const beat = RATE / 2;
    const heard: Heard = (frame) => (frame % beat < 3 ? 0.8 : 0) + 0.001 * heardNoise(frame);
    const { aligner } = setup({
      heard,
      // The capture began more than a beat before the take: a beat early is in it too.
      captureFrame: NOW_FRAME - 700,
      firstSampleFrame: NOW_FRAME + 7,
    });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    aligner.finish();
    expect(await aligner.origin).toMatchObject({ frame: NOW_FRAME + 7, measured: true });
  });

  it('settles with the frame at start when recording ends with nothing decodable', async () => {
    const { aligner } = setup({
      heard: heardNoise,
      captureFrame: NOW_FRAME,
      firstSampleFrame: null,
    });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    aligner.finish();
    expect(await aligner.origin).toMatchObject({
      frame: NOW_FRAME,
      measured: false,
      startedAtMs: 5000 + NOW_FRAME,
    });
  });

  it('settles when recording ends while the capture stalls (the graph torn down)', async () => {
    const tap = {
      context: { sampleRate: RATE, currentTime: NOW_FRAME / RATE },
      source: {},
      stream: {},
      toStreamMs: (frame: number) => frame,
    } as unknown as MicrophoneTap;
    const stalled: FrameCapture = {
      startFrame: NOW_FRAME,
      length: 10,
      done: false,
      samples: () => new Float32Array(10),
      whenLength: () => new Promise<void>(() => undefined), // never
      stop: () => undefined,
    };
    const aligner = createOriginAligner(tap, {
      capture: async () => stalled,
      decode: async () => noise(RATE, 3),
    });
    aligner.onChunk(new Blob([new Uint8Array(10)]));
    aligner.finish();
    expect(await aligner.origin).toMatchObject({ frame: NOW_FRAME, measured: false });
  });
});
