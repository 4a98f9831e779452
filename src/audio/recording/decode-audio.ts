/**
 * Decodes a stretch of a recorded take to mono samples (the tone study's spectrum). Decoding
 * expands the whole file (an Opus minute is ~10 MB of float samples at 44.1 kHz), so long takes
 * are refused rather than risking memory on a phone.
 */
export const MAX_DECODE_MS = 15 * 60 * 1000;

export async function decodeSegment(
  audio: Blob,
  durationMs: number,
  startMs: number,
  endMs: number,
): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (durationMs > MAX_DECODE_MS) {
    throw new RangeError('This take is too long to analyse (over 15 minutes).');
  }
  if (!(endMs > startMs && startMs >= 0)) {
    throw new RangeError(`need 0 ≤ startMs < endMs, got ${startMs}–${endMs}`);
  }
  const context = new OfflineAudioContext(1, 1, 44_100);
  const buffer = await context.decodeAudioData(await audio.arrayBuffer());
  const from = Math.floor((startMs / 1000) * buffer.sampleRate);
  const to = Math.min(buffer.length, Math.ceil((endMs / 1000) * buffer.sampleRate));
  // Channel 0 only: the microphone is mono (the pitch service asks for one channel).
  const samples = buffer.getChannelData(0).slice(from, Math.max(from, to));
  return { samples, sampleRate: buffer.sampleRate };
}
