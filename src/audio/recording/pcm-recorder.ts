/**
 * The fallback when MediaRecorder cannot encode Opus or AAC: 16-bit PCM WAV, captured from the
 * pitch service's own source node (no second getUserMedia). A ScriptProcessorNode (deprecated, but
 * the one capture node every Web Audio implementation has without loading another worklet module)
 * hands 4096-sample blocks to the main thread; they are converted into one preallocated buffer
 * and handed out as a chunk every `timesliceMs`. The first chunk is the WAV header with an open
 * length (a crash leaves a file decoders read to its end); `finalHeader()` gives the exact one.
 */
import type { MicrophoneTap } from '../stream/microphone-tap';
import type { AudioRecorder, RecorderCallbacks, RecordingFormat } from './recorder';

export const PCM_FORMAT: RecordingFormat = { mimeType: 'audio/wav', codec: 'pcm' };
const BLOCK = 4096;
const HEADER_BYTES = 44;

/** The 44-byte header of a mono 16-bit PCM WAV holding `dataBytes` of samples (RIFF, WAVE fmt). */
export function wavHeader(sampleRate: number, dataBytes: number): Uint8Array<ArrayBuffer> {
  if (!(sampleRate >= 8000 && sampleRate <= 384_000)) {
    throw new RangeError(`sampleRate must be 8000–384000 Hz, got ${sampleRate}`);
  }
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  const size = Math.min(dataBytes, 0xffffffff - 36);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + size, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, size, true);
  return bytes;
}

/** Float samples (−1..1, clipped) to 16-bit little-endian PCM into `out` from `offset`. */
export function writePcm16(samples: Float32Array, out: DataView, offset: number): void {
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out.setInt16(offset + 2 * i, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
}

export interface PcmRecorder extends AudioRecorder {
  /** The header with the exact length, to replace the first chunk once recording has ended. */
  finalHeader(): Blob;
}

export function startPcmRecorder(
  tap: MicrophoneTap,
  callbacks: RecorderCallbacks,
  timesliceMs: number,
  now: () => number,
): PcmRecorder {
  const { context, source } = tap;
  const sampleRate = context.sampleRate;
  const blocksPerChunk = Math.max(1, Math.round((timesliceMs / 1000) * (sampleRate / BLOCK)));
  const buffer = new ArrayBuffer(blocksPerChunk * BLOCK * 2);
  const view = new DataView(buffer);
  let filled = 0;
  let dataBytes = 0;
  let ended = false;
  const node = context.createScriptProcessor(BLOCK, 1, 1);
  const flush = (): void => {
    if (filled === 0) return;
    callbacks.onChunk(new Blob([buffer.slice(0, filled)], { type: PCM_FORMAT.mimeType }));
    dataBytes += filled;
    filled = 0;
  };
  node.onaudioprocess = (event: AudioProcessingEvent) => {
    const input = event.inputBuffer.getChannelData(0);
    writePcm16(input, view, filled);
    filled += input.length * 2;
    if (filled + BLOCK * 2 > buffer.byteLength) flush();
  };
  callbacks.onChunk(new Blob([wavHeader(sampleRate, 0xffffffff)], { type: PCM_FORMAT.mimeType }));
  source.connect(node);
  // Some browsers run a ScriptProcessor only when it reaches the destination (its output is silent).
  node.connect(context.destination);
  const track = tap.stream.getAudioTracks()[0];
  const finish = (end: Parameters<RecorderCallbacks['onEnd']>[0]): void => {
    if (ended) return;
    ended = true;
    track?.removeEventListener('ended', onTrackEnded);
    node.onaudioprocess = null;
    try {
      source.disconnect(node);
    } catch {
      // The graph was already torn down (the service stopped): nothing to disconnect.
    }
    node.disconnect();
    flush();
    callbacks.onEnd(end);
  };
  const onTrackEnded = (): void => finish({ reason: 'mic-lost' });
  track?.addEventListener('ended', onTrackEnded);
  return {
    format: PCM_FORMAT,
    startedAtMs: now(),
    stop() {
      finish({ reason: 'stopped' });
      return Promise.resolve();
    },
    finalHeader: () => new Blob([wavHeader(sampleRate, dataBytes)], { type: PCM_FORMAT.mimeType }),
  };
}
