import { describe, expect, it } from 'vitest';
import { MIN_A4_HZ, midiOf, midiToHz } from '../music/notes';
import { INSTRUMENTS, writtenToConcertMidi } from '../music/transposition';
import { PEDAL_FLOOR_HZ, analysisWindow } from './analysis-window';
import { ENGINE_DEFAULTS, FRAME_SIZE_RANGE, resolveEngineOptions } from './engine/pitch-engine';

const RATES = [8000, 16000, 22050, 44100, 48000, 88200, 96000, 192000];
const FLOORS = [ENGINE_DEFAULTS.minHz, PEDAL_FLOOR_HZ];
const cents = (hz: number, refHz: number) => 1200 * Math.log2(hz / refHz);

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

describe('PEDAL_FLOOR_HZ', () => {
  // Written F♯2 (the lowest pedal of the fingering chart) on every instrument, at the lowest A4
  // the settings allow, must lie at least 50 ¢ (a flat pedal) above the floor.
  for (const instrument of INSTRUMENTS) {
    it(`covers written F♯2 on the ${instrument.name}`, () => {
      const concertMidi = writtenToConcertMidi(midiOf('F#2'), instrument.id);
      const lowestHz = midiToHz(concertMidi, MIN_A4_HZ);
      expect(cents(lowestHz, PEDAL_FLOOR_HZ)).toBeGreaterThanOrEqual(50);
    });
  }

  it('is within a few semitones of the lowest pedal (no lower than it needs to be)', () => {
    const lowest = Math.min(
      ...INSTRUMENTS.map((i) => midiToHz(writtenToConcertMidi(midiOf('F#2'), i.id), MIN_A4_HZ)),
    );
    // A trumpet: written F♯2 sounds D♯2, 73.4 Hz at A4 = 415 Hz.
    expect(lowest).toBeCloseTo(73.36, 1);
    expect(cents(lowest, PEDAL_FLOOR_HZ)).toBeLessThan(200);
    expect(PEDAL_FLOOR_HZ).toBeLessThan(ENGINE_DEFAULTS.minHz);
  });
});
