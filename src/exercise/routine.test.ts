import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROUTINE,
  loadRoutine,
  moveExercise,
  parseRoutine,
  saveRoutine,
  toggleExercise,
} from './routine';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('routine builder', () => {
  it('defaults to the brass routine order', () => {
    expect(DEFAULT_ROUTINE).toEqual(['long-tones', 'lip-slurs', 'scales', 'intervals']);
    expect(loadRoutine(memoryStorage())).toEqual(DEFAULT_ROUTINE);
  });

  it('reorders and toggles exercises, and remembers the choice', () => {
    let routine = moveExercise(DEFAULT_ROUTINE, 2, -1); // scales before lip slurs
    expect(routine).toEqual(['long-tones', 'scales', 'lip-slurs', 'intervals']);
    expect(moveExercise(routine, 0, -1)).toEqual(routine);
    routine = toggleExercise(routine, 'intervals');
    expect(routine).toEqual(['long-tones', 'scales', 'lip-slurs']);
    const store = memoryStorage();
    expect(saveRoutine(routine, store)).toBe(true);
    expect(loadRoutine(store)).toEqual(routine);
    expect(toggleExercise(routine, 'intervals').at(-1)).toBe('intervals');
  });

  it('drops unknown and repeated entries from a stored routine', () => {
    expect(parseRoutine(['scales', 'juggling', 'scales', 'long-tones'])).toEqual([
      'scales',
      'long-tones',
    ]);
    expect(parseRoutine('nonsense')).toEqual(DEFAULT_ROUTINE);
  });

  it('storage that throws (private mode) does not break the routine', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadRoutine(broken)).toEqual(DEFAULT_ROUTINE);
    expect(saveRoutine(['scales'], broken)).toBe(false);
  });
});
