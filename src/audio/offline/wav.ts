/**
 * Minimal WAV reader: PCM 16/24/32-bit or float32, mixed down to mono. Production code (the CLI
 * reads its recordings with it), also used by tests and benches.
 */
export interface DecodedWav {
  sampleRate: number;
  samples: Float32Array;
}

export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      if (format === 0xfffe) format = view.getUint16(body + 24, true); // WAVE_FORMAT_EXTENSIBLE
    } else if (id === 'data') {
      if (!channels) throw new Error('WAV data before fmt chunk');
      const bytesPerSample = bits / 8;
      const frames = Math.floor(Math.min(size, bytes.length - body) / (bytesPerSample * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const at = body + (i * channels + c) * bytesPerSample;
          if (format === 3 && bits === 32) sum += view.getFloat32(at, true);
          else if (bits === 16) sum += view.getInt16(at, true) / 32768;
          else if (bits === 24) {
            const v = view.getUint16(at, true) | (view.getInt8(at + 2) << 16);
            sum += v / 8388608;
          } else if (bits === 32) sum += view.getInt32(at, true) / 2147483648;
          else throw new Error(`unsupported WAV: format ${format}, ${bits} bits`);
        }
        samples[i] = sum / channels;
      }
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Linear-interpolation resampling (the browser captures the fake microphone at its own rate). */
export function resampleLinear(samples: Float32Array, fromHz: number, toHz: number): Float32Array {
  if (fromHz === toHz) return samples;
  const out = new Float32Array(Math.floor((samples.length * toHz) / fromHz));
  const step = fromHz / toHz;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const i0 = Math.floor(x);
    const a = samples[i0] ?? 0;
    const b = samples[i0 + 1] ?? a;
    out[i] = a + (b - a) * (x - i0);
  }
  return out;
}
