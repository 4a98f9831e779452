import { describe, expect, it } from 'vitest';
import type { NoteEvent, PitchService } from '../audio/stream/pitch-service-types';
import { createEmitter } from '../lib/observable';
import { dayOf } from './logic/practice-days';
import { createPracticeDaysStore, PRACTICE_DAYS_KEY } from './practice-recorder';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('practice recorder (the stream’s notes → today’s minutes)', () => {
  it('adds each ended note to today, shows it at once and saves it when stopped', () => {
    const notes = createEmitter<NoteEvent>();
    const service = { notes } as unknown as PitchService; // only `notes` is read
    const storage = memoryStorage();
    const store = createPracticeDaysStore(storage);
    const stop = store.listen(service);
    const t0 = performance.now();
    notes.emit({ type: 'note-on', hz: 466.16, onsetMs: t0, confirmedMs: t0 + 30 });
    notes.emit({ type: 'note-off', hz: 466.16, onsetMs: t0, offsetMs: t0 + 3000 }); // B♭4, 3 s
    notes.emit({ type: 'note-off', hz: 349.23, onsetMs: t0 + 4000, offsetMs: t0 + 4500 }); // F4, 0.5 s
    const today = store.days.get()[dayOf(performance.timeOrigin + t0)];
    expect(today?.soundS).toBeCloseTo(3.5, 6);
    expect(today?.restS).toBeCloseTo(1, 6);
    expect([today?.lowMidi, today?.highMidi]).toEqual([70, 70]); // only the held B♭4 counts
    expect(storage.getItem(PRACTICE_DAYS_KEY)).toBeNull(); // saved every 10 s, not per note
    stop();
    const saved = JSON.parse(storage.getItem(PRACTICE_DAYS_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual([dayOf(performance.timeOrigin + t0)]);
    // A new store (the next app start) reads them back.
    expect(createPracticeDaysStore(storage).days.get()).toEqual(store.days.get());
  });
});
