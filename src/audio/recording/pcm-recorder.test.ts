import { describe, expect, it } from 'vitest';
import { startPcmRecorder, wavHeader } from './pcm-recorder';
import type { MicrophoneTap } from '../stream/microphone-tap';
import type { RecorderEnd } from './recorder';
import { decodeWav } from '../offline/wav';

/** A context whose ScriptProcessor we drive by hand, and a stream whose track can end. */
function fakeTap(sampleRate: number) {
  let processor: { onaudioprocess: ((e: AudioProcessingEvent) => void) | null } | null = null;
  const trackListeners: (() => void)[] = [];
  const node = {
    onaudioprocess: null,
    connect: () => undefined,
    disconnect: () => undefined,
  };
  const tap = {
    context: {
      sampleRate,
      destination: {},
      createScriptProcessor: () => {
        processor = node;
        return node;
      },
    },
    source: { connect: () => undefined, disconnect: () => undefined },
    stream: {
      getAudioTracks: () => [
        {
          addEventListener: (_: string, listener: () => void) => trackListeners.push(listener),
          removeEventListener: () => undefined,
        },
      ],
    },
  } as unknown as MicrophoneTap;
  const feed = (samples: Float32Array): void =>
    processor?.onaudioprocess?.({
      inputBuffer: { getChannelData: () => samples },
    } as unknown as AudioProcessingEvent);
  return { tap, feed, endTrack: () => trackListeners.forEach((l) => l()) };
}

const concat = async (blobs: Blob[]): Promise<Uint8Array> =>
  new Uint8Array(await new Blob(blobs).arrayBuffer());

describe('PCM → WAV fallback recorder', () => {
  it('streams a WAV in ~1 s chunks that decodes to the samples fed, with the exact header at the end', async () => {
    const { tap, feed } = fakeTap(8000);
    const chunks: Blob[] = [];
    const ends: RecorderEnd[] = [];
    const recorder = startPcmRecorder(
      tap,
      { onChunk: (c) => chunks.push(c), onEnd: (e) => ends.push(e) },
      1000,
      () => 0,
    );
    expect(recorder.format.mimeType).toBe('audio/wav');
    const block = new Float32Array(4096).map((_, i) => Math.sin(i / 10) * 0.5);
    feed(block); // 4096 of 8000 samples
    expect(chunks).toHaveLength(1); // just the header: a chunk is ~1 s (2 blocks at 8 kHz)
    feed(block);
    expect(chunks).toHaveLength(2);
    feed(block);
    await recorder.stop();
    expect(ends).toEqual([{ reason: 'stopped' }]);
    expect(chunks).toHaveLength(3); // the partial chunk is flushed at the stop
    // Replace the open-length header with the final one, as the take recorder does.
    const bytes = await concat([recorder.finalHeader(), ...chunks.slice(1)]);
    const wav = decodeWav(bytes);
    expect(wav.sampleRate).toBe(8000);
    expect(wav.samples.length).toBe(3 * 4096);
    for (const i of [0, 100, 4096 + 7, 3 * 4096 - 1]) {
      expect(wav.samples[i]).toBeCloseTo(block[i % 4096], 3);
    }
  });

  it('a lost microphone ends the recording as mic-lost, keeping the samples', async () => {
    const { tap, feed, endTrack } = fakeTap(8000);
    const chunks: Blob[] = [];
    const ends: RecorderEnd[] = [];
    startPcmRecorder(
      tap,
      { onChunk: (c) => chunks.push(c), onEnd: (e) => ends.push(e) },
      1000,
      () => 0,
    );
    feed(new Float32Array(4096).fill(0.25));
    endTrack();
    expect(ends).toEqual([{ reason: 'mic-lost' }]);
    expect(chunks.map((c) => c.size)).toEqual([44, 8192]);
  });

  it('the header names the format; a bad rate names the range', () => {
    const view = new DataView(wavHeader(48_000, 960_000).buffer);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(40, true)).toBe(960_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(() => wavHeader(100, 0)).toThrow('sampleRate must be 8000–384000 Hz, got 100');
  });
});
