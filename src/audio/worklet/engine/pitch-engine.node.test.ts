// The wrapper's contract: option validation, instantiation paths, views, lifecycle and memory.
// Loads the compiled engine (run `npm run build:engine` first).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SAMPLES, ENGINE_DEFAULTS, PitchEngine, resolveEngineOptions } from './pitch-engine';

const WASM = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'engine',
  'build',
  'pitch-engine.wasm',
);

function bytes(): Uint8Array<ArrayBuffer> {
  const buf = readFileSync(WASM);
  const out = new Uint8Array(new ArrayBuffer(buf.length));
  out.set(buf);
  return out;
}

const module = new WebAssembly.Module(bytes());

function tone(sampleRate: number, hz: number, length: number): Float32Array {
  const x = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const w = (2 * Math.PI * hz * i) / sampleRate;
    x[i] = 0.4 * Math.sin(w) + 0.3 * Math.sin(2 * w + 1) + 0.2 * Math.sin(3 * w + 2);
  }
  return x;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('options', () => {
  it('fills in the documented defaults', () => {
    expect(resolveEngineOptions({ sampleRate: 48000 })).toEqual({
      sampleRate: 48000,
      frameSize: 4096,
      hop: 512,
      minHz: 140,
      maxSamples: 4096,
    });
    expect(ENGINE_DEFAULTS).toEqual({ frameSize: 4096, hop: 512, minHz: 140 });
    expect(CHUNK_SAMPLES).toBe(128);
  });

  it.each([
    [{ sampleRate: 7999 }, /sampleRate must be 8000\.\.192000 Hz/],
    [{ sampleRate: Number.NaN }, /sampleRate/],
    [{ sampleRate: 48000, frameSize: 3000 }, /frameSize must be a power of two in 256\.\.16384/],
    [{ sampleRate: 48000, frameSize: 32768 }, /frameSize/],
    [{ sampleRate: 48000, hop: 0 }, /hop must be an integer in 1\.\.4096/],
    [{ sampleRate: 48000, hop: 5000 }, /hop/],
    [{ sampleRate: 48000, minHz: 10 }, /minHz must be 23\.44\.\.2000 Hz/],
    [{ sampleRate: 48000, minHz: 5000 }, /minHz/],
    [{ sampleRate: 48000, maxSamples: 4000 }, /maxSamples must be a multiple of 128 in 4096\.\./],
    [{ sampleRate: 48000, maxSamples: 4096 + 64 }, /maxSamples/],
  ])('rejects %o with a RangeError naming the allowed range', (options, message) => {
    expect(() => resolveEngineOptions(options)).toThrow(RangeError);
    expect(() => resolveEngineOptions(options)).toThrow(message);
    expect(() => PitchEngine.instantiateSync(module, options)).toThrow(message);
  });

  it('rejects bad options from the async path too', async () => {
    await expect(PitchEngine.instantiate(bytes(), { sampleRate: 1000 })).rejects.toThrow(
      /sampleRate/,
    );
  });
});

describe('instantiation and views', () => {
  it('instantiates from bytes, an ArrayBuffer or a compiled module, with the same result', async () => {
    const engines = [
      await PitchEngine.instantiate(bytes(), { sampleRate: 44100 }),
      await PitchEngine.instantiate(bytes().buffer, { sampleRate: 44100 }),
      await PitchEngine.instantiate(module, { sampleRate: 44100 }),
      PitchEngine.instantiateSync(module, { sampleRate: 44100 }),
    ];
    const x = tone(44100, 440, 4096);
    const readings = engines.map((e) => {
      e.input.set(x);
      e.divisors.fill(1);
      expect(e.pitches()).toBe(1);
      return e.hz[0];
    });
    for (const hz of readings) expect(hz).toBeCloseTo(440, 2);
    expect(new Set(readings).size).toBe(1);
    for (const e of engines) e.teardown();
  });

  it('sizes the views from the options', () => {
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000, maxSamples: 8192 });
    expect(e.input).toHaveLength(8192);
    expect(e.divisors).toHaveLength(64);
    expect(e.hz).toHaveLength(9);
    expect(e.clarity).toHaveLength(9);
    expect(e.options).toEqual({
      sampleRate: 48000,
      frameSize: 4096,
      hop: 512,
      minHz: 140,
      maxSamples: 8192,
    });
    e.teardown();
  });

  it('returns floor((length - frameSize) / hop) + 1 frames, or 0', () => {
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000, maxSamples: 16384 });
    e.input.set(tone(48000, 300, 16384));
    e.divisors.fill(1);
    expect(e.pitches(4096)).toBe(1);
    expect(e.pitches(5000)).toBe(2);
    expect(e.pitches(16384)).toBe(25);
    expect(e.pitches(4095)).toBe(0);
    expect(e.pitches()).toBe(1);
    expect(() => e.pitches(16385)).toThrow(RangeError);
    expect(() => e.pitches(4096.5)).toThrow(/length must be an integer in 0\.\.16384/);
    e.teardown();
  });

  it('restore=false analyses the input as it is', () => {
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000 });
    e.input.set(tone(48000, 523.25, 4096));
    e.divisors.fill(0); // would silence everything if it were applied
    e.pitches(4096, false);
    expect(e.hz[0]).toBeCloseTo(523.25, 2);
    e.pitches(4096, true);
    expect(e.hz[0]).toBe(0);
    e.teardown();
  });

  it('works without fetch, performance and TextDecoder (AudioWorkletGlobalScope)', () => {
    vi.stubGlobal('fetch', undefined);
    vi.stubGlobal('performance', undefined);
    vi.stubGlobal('TextDecoder', undefined);
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000 });
    e.input.set(tone(48000, 440, 4096));
    e.divisors.fill(1);
    e.pitches();
    expect(e.hz[0]).toBeCloseTo(440, 2);
    e.teardown();
  });
});

describe('lifecycle and memory', () => {
  it('throws a clear Error when used after teardown; teardown twice is harmless', () => {
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000 });
    e.teardown();
    expect(() => e.pitches()).toThrow(/after teardown/);
    expect(() => e.memoryBytes()).toThrow(/after teardown/);
    expect(() => e.teardown()).not.toThrow();
  });

  it('does not grow memory per call, and keeps its views attached', () => {
    const e = PitchEngine.instantiateSync(module, { sampleRate: 48000, maxSamples: 8192 });
    const before = e.memoryBytes();
    e.input.set(tone(48000, 330, 8192));
    e.divisors.fill(1);
    for (let i = 0; i < 300; i++) e.pitches(8192);
    expect(e.memoryBytes()).toBe(before);
    expect(e.input.byteLength).toBe(8192 * 4);
    expect(e.hz[8]).toBeCloseTo(330, 1);
    e.teardown();
  });

  it('does not grow memory over repeated init/teardown cycles (raw exports)', () => {
    const instance = new WebAssembly.Instance(module, {});
    const raw = instance.exports as unknown as {
      memory: WebAssembly.Memory;
      init(sr: number, frame: number, hop: number, minHz: number, cap: number): number;
      pitches(length: number, restore: number): number;
      teardown(): void;
    };
    expect(raw.pitches(4096, 1)).toBe(-1); // not initialised
    expect(raw.init(1000, 4096, 512, 140, 4096)).toBeLessThan(0);
    expect(raw.init(48000, 4000, 512, 140, 4096)).toBeLessThan(0);
    const sizes = new Set<number>();
    for (let i = 0; i < 100; i++) {
      // Alternate configurations; the larger comes first, so memory never needs to grow again.
      expect(raw.init(48000, i % 2 ? 2048 : 4096, 512, 140, 16384)).toBe(0);
      raw.pitches(16384, 1);
      raw.teardown();
      expect(raw.pitches(4096, 1)).toBe(-1);
      sizes.add(raw.memory.buffer.byteLength);
    }
    expect(sizes.size).toBe(1);
  });

  it('gives every new engine the same memory footprint', () => {
    const sizes = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const e = PitchEngine.instantiateSync(module, { sampleRate: 44100 });
      sizes.add(e.memoryBytes());
      e.teardown();
    }
    expect(sizes.size).toBe(1);
  });
});
