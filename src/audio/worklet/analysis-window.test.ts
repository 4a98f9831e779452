import { describe, expect, it } from 'vitest';
import { PEDAL_FLOOR_HZ, analysisWindow } from './analysis-window';
import { ENGINE_DEFAULTS, FRAME_SIZE_RANGE, resolveEngineOptions } from './engine/pitch-engine';

const RATES = [8000, 16000, 22050, 44100, 48000, 88200, 96000, 192000];
const FLOORS = [ENGINE_DEFAULTS.minHz, PEDAL_FLOOR_HZ];

describe('analysisWindow', () => {
  it('keeps the specification at 44.1 and 48 kHz: 4096-sample blocks, fast 1024 every 256', () => {
    for (const sampleRate of [44100, 48000]) {
      expect(analysisWindow({ sampleRate, fastResponse: false })).toEqual({
        frameSamples: 4096,
        hopSamples: 4096,
      });
      expect(analysisWindow({ sampleRate, fastResponse: true })).toEqual({
        frameSamples: 1024,
        hopSamples: 256,
      });
      // The pedal floor fits two periods in a block; fast mode needs a longer window for it.
      expect(
        analysisWindow({ sampleRate, fastResponse: false, minHz: PEDAL_FLOOR_HZ }).frameSamples,
      ).toBe(4096);
      expect(analysisWindow({ sampleRate, fastResponse: true, minHz: PEDAL_FLOOR_HZ })).toEqual({
        frameSamples: 2048,
        hopSamples: 256,
      });
    }
  });

  it('scales the window with the rate: 96 kHz fast mode is 2048 every 512 (was a RangeError)', () => {
    expect(analysisWindow({ sampleRate: 96000, fastResponse: true })).toEqual({
      frameSamples: 2048,
      hopSamples: 512,
    });
    expect(analysisWindow({ sampleRate: 88200, fastResponse: false })).toEqual({
      frameSamples: 8192,
      hopSamples: 8192,
    });
    expect(analysisWindow({ sampleRate: 22050, fastResponse: true })).toEqual({
      frameSamples: 512,
      hopSamples: 128,
    });
  });

  for (const sampleRate of RATES) {
    for (const fastResponse of [false, true]) {
      for (const minHz of FLOORS) {
        it(`gives the engine a valid frame at ${sampleRate} Hz, ${fastResponse ? 'fast' : 'block'}, floor ${minHz} Hz`, () => {
          const { frameSamples, hopSamples } = analysisWindow({ sampleRate, fastResponse, minHz });
          // The engine accepts it (power of two, two periods of the floor fit).
          expect(() =>
            resolveEngineOptions({ sampleRate, frameSize: frameSamples, hop: hopSamples, minHz }),
          ).not.toThrow();
          expect(hopSamples % 128).toBe(0);
          expect(hopSamples).toBeGreaterThan(0);
          expect(hopSamples).toBeLessThanOrEqual(frameSamples);
          if (!fastResponse) expect(hopSamples).toBe(frameSamples);
          // About the same duration as at 48 kHz (within a factor of √2 either way), unless the
          // floor needed a longer window or the engine's smallest frame is longer.
          const reference = analysisWindow({ sampleRate: 48000, fastResponse, minHz });
          const ratio = frameSamples / sampleRate / (reference.frameSamples / 48000);
          const floorFrame = (2 * sampleRate) / minHz;
          if (frameSamples / 2 >= floorFrame && frameSamples > FRAME_SIZE_RANGE.min) {
            expect(ratio).toBeGreaterThan(Math.SQRT1_2 * 0.99);
            expect(ratio).toBeLessThan(Math.SQRT2 * 1.01);
          }
        });
      }
    }
  }

  it('names the allowed range for a bad rate or floor', () => {
    expect(() => analysisWindow({ sampleRate: 4000, fastResponse: true })).toThrow(
      /sampleRate must be 8000\.\.192000 Hz, got 4000/,
    );
    expect(() => analysisWindow({ sampleRate: 48000, fastResponse: true, minHz: 2 })).toThrow(
      /minHz must be 5\.86\.\.2000 Hz at 48000 Hz, got 2/,
    );
    expect(() =>
      analysisWindow({ sampleRate: 48000, fastResponse: false, minHz: Number.NaN }),
    ).toThrow(RangeError);
  });
});
