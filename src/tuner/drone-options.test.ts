import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRONE_OPTIONS,
  DRONE_MAX_GAIN,
  droneGain,
  droneVoicesHz,
  loadDroneOptions,
  parseDroneOptions,
  saveDroneOptions,
} from './drone-options';

describe('drone options (volume, octave, timbre)', () => {
  it('the octave moves every voice by a factor of 2; the volume scales the gain', () => {
    const triad = [233.08, 349.62, 291.35];
    expect(droneVoicesHz(triad, { ...DEFAULT_DRONE_OPTIONS, octave: -1 })).toEqual(
      triad.map((hz) => hz / 2),
    );
    expect(droneVoicesHz(triad, { ...DEFAULT_DRONE_OPTIONS, octave: 1 })).toEqual(
      triad.map((hz) => hz * 2),
    );
    expect(droneGain({ ...DEFAULT_DRONE_OPTIONS, volumePercent: 100 })).toBe(DRONE_MAX_GAIN);
    // The default is the drone's level before the control existed.
    expect(droneGain(DEFAULT_DRONE_OPTIONS)).toBeCloseTo(0.2, 9);
  });

  it('stored values are checked field by field; anything else takes the default', () => {
    expect(parseDroneOptions('{"volumePercent":30,"octave":-1,"timbre":"brass"}')).toEqual({
      volumePercent: 30,
      octave: -1,
      timbre: 'brass',
    });
    expect(parseDroneOptions('{"volumePercent":300,"octave":2,"timbre":"saw"}')).toEqual(
      DEFAULT_DRONE_OPTIONS,
    );
    expect(parseDroneOptions('not json')).toEqual(DEFAULT_DRONE_OPTIONS);
    expect(parseDroneOptions(null)).toEqual(DEFAULT_DRONE_OPTIONS);
  });

  it('round-trips through storage, and survives storage that throws', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    saveDroneOptions({ volumePercent: 80, octave: 1, timbre: 'brass' }, storage);
    expect(loadDroneOptions(storage)).toEqual({ volumePercent: 80, octave: 1, timbre: 'brass' });
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadDroneOptions(broken)).toEqual(DEFAULT_DRONE_OPTIONS);
    expect(() => saveDroneOptions(DEFAULT_DRONE_OPTIONS, broken)).not.toThrow();
  });
});
