/**
 * AudioWorklet that posts what its input hears in blocks stamped with the audio-clock frame of
 * their first sample (`currentFrame`): the reference a take's encoded audio is matched against
 * (`src/audio/recording/origin-aligner.ts`). Runs for a few seconds per take, then ends itself.
 */
import {
  FRAME_TAP_PROCESSOR_NAME,
  type FrameTapOptions,
  type FrameTapStop,
  type FromFrameTapMessage,
} from './frame-tap-messages';

class FrameTapProcessor extends AudioWorkletProcessor {
  private readonly blockFrames: number;
  private remaining: number;
  private block: Float32Array;
  private filled = 0;
  private blockStartFrame = 0;
  private stopping = false;

  constructor(options: { processorOptions?: unknown }) {
    super();
    const o = options.processorOptions as Partial<FrameTapOptions> | undefined;
    this.blockFrames = Math.max(128, o?.blockFrames ?? 4096);
    this.remaining = Math.max(0, o?.maxFrames ?? 0);
    this.block = new Float32Array(this.blockFrames);
    this.port.onmessage = (event: MessageEvent<FrameTapStop>) => {
      if (event.data.type === 'stop') this.stopping = true;
    };
  }

  private post(message: FromFrameTapMessage, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  private flush(): void {
    if (this.filled === 0) return;
    const samples = this.block.subarray(0, this.filled).slice();
    this.post({ type: 'block', startFrame: this.blockStartFrame, samples }, [samples.buffer]);
    this.filled = 0;
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopping || this.remaining <= 0) {
      this.flush();
      this.post({ type: 'done' });
      return false;
    }
    const channel = inputs[0]?.[0];
    const frames = Math.min(channel?.length ?? 128, this.remaining);
    if (this.filled === 0) this.blockStartFrame = currentFrame;
    // No input connected this quantum: silence, so the frames stay contiguous.
    if (channel) this.block.set(channel.subarray(0, frames), this.filled);
    else this.block.fill(0, this.filled, this.filled + frames);
    this.filled += frames;
    this.remaining -= frames;
    if (this.filled + 128 > this.blockFrames) this.flush();
    return true;
  }
}

registerProcessor(FRAME_TAP_PROCESSOR_NAME, FrameTapProcessor);
