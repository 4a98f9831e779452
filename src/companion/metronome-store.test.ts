import { describe, expect, it } from 'vitest';
import { meterOf } from './logic/meter';
import {
  createMetronomeStore,
  DEFAULT_METRONOME_CONFIG,
  METRONOME_STORAGE_KEY,
  savePreset,
} from './metronome-store';

function memoryStorage(initial?: string) {
  const map = new Map<string, string>(initial ? [[METRONOME_STORAGE_KEY, initial]] : []);
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('metronome settings and presets', () => {
  it('saves a preset by name (replacing one of the same name) and keeps it across a restart', () => {
    const storage = memoryStorage();
    const store = createMetronomeStore(storage);
    const seven = {
      ...DEFAULT_METRONOME_CONFIG,
      bpm: 180,
      meter: meterOf(7, 8),
      accents: ['accent', 'normal', 'normal'] as const,
    };
    store.update({ config: { ...seven, accents: [...seven.accents] } });
    savePreset(store, ' Balkan 7/8 ');
    savePreset(store, 'Balkan 7/8');
    const reopened = createMetronomeStore(storage).get();
    expect(reopened.presets.map((p) => p.name)).toEqual(['Balkan 7/8']);
    expect(reopened.presets[0]?.config.meter.grouping).toEqual([2, 2, 3]);
    expect(() => savePreset(store, '  ')).toThrow(/needs a name/);
  });

  it('a stored setting it cannot play loads as the default; an update it cannot play is refused', () => {
    const bad = JSON.stringify({ config: { ...DEFAULT_METRONOME_CONFIG, bpm: 999 }, presets: 'x' });
    const store = createMetronomeStore(memoryStorage(bad));
    expect(store.get().config.bpm).toBe(DEFAULT_METRONOME_CONFIG.bpm);
    expect(store.get().presets).toEqual([]);
    expect(() => store.update({ config: { ...DEFAULT_METRONOME_CONFIG, bpm: 10 } })).toThrow(
      /30\.\.300 bpm, got 10/,
    );
  });
});
