import { describe, expect, it } from 'vitest';
import { ROUTINE_DAYS_KEY, createRoutineDaysStore } from './routine-days-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('routine days store', () => {
  it('a finished routine is saved at once and read back after a restart', () => {
    const storage = memoryStorage();
    const store = createRoutineDaysStore(storage);
    const seen: number[] = [];
    store.days.subscribe((days) => seen.push(Object.keys(days).length));
    const atMs = new Date(2026, 10, 25, 8).getTime();
    store.markDone({ playedMin: 19 }, atMs);
    expect(seen).toEqual([1]);
    expect(JSON.parse(storage.getItem(ROUTINE_DAYS_KEY) ?? '{}')).toHaveProperty('2026-11-25');
    const again = createRoutineDaysStore(storage);
    expect(again.days.get()['2026-11-25']).toEqual({
      finishedAtMs: atMs,
      times: 1,
      playedMin: 19,
    });
  });

  it('storage that refuses keeps the day for the session; unreadable storage starts empty', () => {
    const refusing = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createRoutineDaysStore(refusing);
    expect(store.days.get()).toEqual({});
    store.markDone({ playedMin: 3 }, new Date(2026, 10, 25, 8).getTime());
    expect(Object.keys(store.days.get())).toEqual(['2026-11-25']);
  });
});
