import { describe, expect, it } from 'vitest';
import { PEDAL_FLOOR_HZ } from '../audio/worklet/analysis-window';
import { ENGINE_DEFAULTS } from '../audio/worklet/engine/pitch-engine';
import { createPlaceholderPitchService } from '../audio/stream/placeholder-pitch-service';
import { INSTRUMENTS, MIN_A4_HZ, midiOf, midiToHz, writtenToConcertMidi } from '../music';
import { createSettingsStore, DEFAULT_SETTINGS } from '../settings';
import { analysisModeFor, wireAnalysisMode } from './analysis-mode';

const cents = (hz: number, refHz: number) => 1200 * Math.log2(hz / refHz);

describe('the settings → stream wire', () => {
  it('maps fast response, pedal tones and the instrument to the analysis mode', () => {
    expect(analysisModeFor(DEFAULT_SETTINGS)).toEqual({
      response: 'block',
      floorHz: ENGINE_DEFAULTS.minHz,
      // B♭ trumpet: written D7 sounds C7.
      ceilingHz: expect.closeTo(midiToHz(midiOf('C7')), 6),
    });
    expect(
      analysisModeFor({ ...DEFAULT_SETTINGS, fastResponse: true, pedalTones: true }),
    ).toMatchObject({ response: 'fast', floorHz: PEDAL_FLOOR_HZ });
  });

  it('is the one way the settings reach the running stream', () => {
    const store = createSettingsStore(null);
    const service = createPlaceholderPitchService();
    const stop = wireAnalysisMode(store, service);
    expect(service.mode.get().response).toBe('block');
    store.update({ fastResponse: true, pedalTones: true });
    expect(service.mode.get()).toMatchObject({ response: 'fast', floorHz: PEDAL_FLOOR_HZ });
    stop();
    store.update({ fastResponse: false });
    expect(service.mode.get().response).toBe('fast');
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
