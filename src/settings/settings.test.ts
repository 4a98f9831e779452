import { describe, expect, it } from 'vitest';
import {
  createSettingsStore,
  DEFAULT_SETTINGS,
  parseSettings,
  SETTINGS_STORAGE_KEY,
} from './settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('settings store', () => {
  it('defaults to B-flat trumpet, A4 = 440 Hz, ±5 cents, block mode, no pedal tones, light damping, whole cents, needle', () => {
    const store = createSettingsStore(memoryStorage());
    expect(store.get()).toEqual({
      transposition: 'bb-trumpet',
      a4Hz: 440,
      inTuneCents: 5,
      fastResponse: false,
      pedalTones: false,
      spelling: 'default',
      damping: 'light',
      centsPrecision: 'whole',
      tunerView: 'needle',
      temperament: 'equal',
      droneRootWrittenMidi: 60,
      droneFifth: false,
      droneThird: false,
      inputLatencyCalibrationMs: null,
    });
  });

  it('keeps the temperament and the drone chord, and refuses what is out of range', () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({
      temperament: 'just',
      droneRootWrittenMidi: 62,
      droneFifth: true,
      droneThird: true,
    });
    expect(createSettingsStore(storage).get()).toMatchObject({
      temperament: 'just',
      droneRootWrittenMidi: 62,
      droneFifth: true,
      droneThird: true,
    });
    const store = createSettingsStore(memoryStorage());
    expect(() => store.update({ temperament: 'meantone' as 'just' })).toThrow(/equal, just/);
    expect(() => store.update({ droneRootWrittenMidi: 60.5 })).toThrow(/54\.\.84/);
    expect(() => store.update({ droneRootWrittenMidi: 90 })).toThrow(/54\.\.84/);
    expect(() => store.update({ droneThird: 'yes' as unknown as boolean })).toThrow(
      /true or false/,
    );
    expect(parseSettings({ temperament: 'pythagorean', droneRootWrittenMidi: 12 })).toMatchObject({
      temperament: 'equal',
      droneRootWrittenMidi: 60,
    });
  });

  it('keeps the damping, cents precision and view, and refuses values outside their lists', () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({
      damping: 'heavy',
      centsPrecision: 'tenths-when-steady',
      tunerView: 'strobe',
    });
    const reloaded = createSettingsStore(storage).get();
    expect([reloaded.damping, reloaded.centsPrecision, reloaded.tunerView]).toEqual([
      'heavy',
      'tenths-when-steady',
      'strobe',
    ]);
    expect(() =>
      createSettingsStore(memoryStorage()).update({ damping: 'max' as 'heavy' }),
    ).toThrow(/none, light, medium, heavy/);
    const parsed = parseSettings({ damping: 3, centsPrecision: 'hundredths', tunerView: 'dial' });
    expect([parsed.damping, parsed.centsPrecision, parsed.tunerView]).toEqual([
      'light',
      'whole',
      'needle',
    ]);
  });

  it('keeps the note-spelling preference (flats, sharps, by key) and refuses anything else', () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({ spelling: 'flats' });
    expect(createSettingsStore(storage).get().spelling).toBe('flats');
    expect(() =>
      createSettingsStore(memoryStorage()).update({ spelling: 'german' as 'flats' }),
    ).toThrow(/default, sharps, flats/);
    expect(parseSettings({ spelling: 'solfege' }).spelling).toBe('default');
  });

  it('persists across a reload (a new store on the same storage)', () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({ transposition: 'concert', a4Hz: 442 });
    const reloaded = createSettingsStore(storage);
    expect(reloaded.get().transposition).toBe('concert');
    expect(reloaded.get().a4Hz).toBe(442);
  });

  it('notifies subscribers once per real change', () => {
    const store = createSettingsStore(memoryStorage());
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.a4Hz));
    store.update({ a4Hz: 441 });
    store.update({ a4Hz: 441 });
    expect(seen).toEqual([441]);
  });

  it('rejects out-of-range values with the allowed range, leaving settings unchanged', () => {
    const store = createSettingsStore(memoryStorage());
    expect(() => store.update({ a4Hz: 500 })).toThrow(/415\.\.466 Hz/);
    expect(() => store.update({ a4Hz: Number.NaN })).toThrow(RangeError);
    expect(() => store.update({ inTuneCents: 0 })).toThrow(/1\.\.25 cents/);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('loads corrupt or foreign stored data field by field, never crashing', () => {
    expect(
      createSettingsStore(memoryStorage({ [SETTINGS_STORAGE_KEY]: '{not json' })).get(),
    ).toEqual(DEFAULT_SETTINGS);
    expect(
      parseSettings({
        transposition: 'tuba',
        a4Hz: 415,
        inTuneCents: '5',
        fastResponse: true,
        pedalTones: 'yes',
      }),
    ).toEqual({
      transposition: 'bb-trumpet',
      a4Hz: 415,
      inTuneCents: 5,
      fastResponse: true,
      pedalTones: false,
      spelling: 'default',
      damping: 'light',
      centsPrecision: 'whole',
      tunerView: 'needle',
      temperament: 'equal',
      droneRootWrittenMidi: 60,
      droneFifth: false,
      droneThird: false,
      inputLatencyCalibrationMs: null,
    });
  });

  it('keeps the latency calibration (ms, or null when never calibrated), within -100..500 ms', () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({ inputLatencyCalibrationMs: 48.5 });
    expect(createSettingsStore(storage).get().inputLatencyCalibrationMs).toBe(48.5);
    const store = createSettingsStore(memoryStorage());
    expect(() => store.update({ inputLatencyCalibrationMs: 600 })).toThrow(/-100\.\.500 ms/);
    store.update({ inputLatencyCalibrationMs: null });
    expect(parseSettings({ inputLatencyCalibrationMs: 'x' }).inputLatencyCalibrationMs).toBeNull();
  });

  it('keeps working when storage throws (private mode)', () => {
    const store = createSettingsStore({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    });
    store.update({ fastResponse: true });
    expect(store.get().fastResponse).toBe(true);
  });
});

describe('settings store with storage full', () => {
  it('keeps the change for the session and says it could not be saved', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    const store = createSettingsStore(full);
    expect(store.saveProblem.get()).toBeNull();
    store.update({ a4Hz: 442 });
    expect(store.get().a4Hz).toBe(442);
    expect(store.saveProblem.get()).toMatch(
      /setting change applies now but could not be saved \(this device's storage for the app is full/,
    );
  });

  it('the message goes once a save succeeds again', () => {
    let fail = true;
    const data = new Map<string, string>();
    const store = createSettingsStore({
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => {
        if (fail) throw new DOMException('quota', 'QuotaExceededError');
        data.set(k, v);
      },
    });
    store.update({ a4Hz: 441 });
    expect(store.saveProblem.get()).not.toBeNull();
    fail = false;
    store.update({ a4Hz: 443 });
    expect(store.saveProblem.get()).toBeNull();
    expect(
      createSettingsStore({ getItem: (k) => data.get(k) ?? null, setItem: () => {} }).get().a4Hz,
    ).toBe(443);
  });
});
