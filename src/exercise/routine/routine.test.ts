import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROUTINE,
  moveExercise,
  parseRoutine,
  planRoutine,
  suggestedRestMs,
  toggleExercise,
} from './routine';
import { createRoutineItem } from './routine-store';

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
    expect(createRoutineItem(memoryStorage()).get().value).toEqual(DEFAULT_ROUTINE);
  });

  it('reorders and toggles exercises, and remembers the choice', () => {
    let routine = moveExercise(DEFAULT_ROUTINE, 2, -1); // scales before lip slurs
    expect(routine).toEqual(['long-tones', 'scales', 'lip-slurs', 'intervals']);
    expect(moveExercise(routine, 0, -1)).toEqual(routine);
    routine = toggleExercise(routine, 'intervals');
    expect(routine).toEqual(['long-tones', 'scales', 'lip-slurs']);
    const store = memoryStorage();
    const item = createRoutineItem(store);
    expect(item.set(routine)).toBe(true);
    expect(item.editedAtMs()).toBeGreaterThan(0);
    expect(createRoutineItem(store).get().value).toEqual(routine);
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
    const item = createRoutineItem(broken);
    expect(item.get().value).toEqual(DEFAULT_ROUTINE);
    expect(item.set(['scales'])).toBe(false);
    expect(item.get().value).toEqual(['scales']); // applies for this session
  });
});

describe('routine plan: rest as long as you play, then a warm-down (notes/trumpet.md)', () => {
  it('the default routine: 19 min playing, 14 min rests, 33 min in all (a 30–40 min session)', () => {
    const plan = planRoutine(DEFAULT_ROUTINE);
    expect(plan.steps.map((s) => s.kind)).toEqual([
      'exercise',
      'rest',
      'exercise',
      'rest',
      'exercise',
      'rest',
      'exercise',
      'warm-down',
    ]);
    // Each rest is as long as the exercise before it.
    plan.steps.forEach((step, i) => {
      if (step.kind === 'rest') expect(step.minutes).toBe(plan.steps[i - 1].minutes);
    });
    expect(plan.playMinutes).toBe(19);
    expect(plan.restMinutes).toBe(14);
    expect(plan.totalMinutes).toBe(33);
  });

  it('one exercise: no rest, a warm-down; an empty routine plans nothing', () => {
    expect(planRoutine(['scales']).steps.map((s) => s.kind)).toEqual(['exercise', 'warm-down']);
    expect(planRoutine([])).toEqual({ steps: [], playMinutes: 0, restMinutes: 0, totalMinutes: 0 });
  });

  it('suggests a rest as long as the playing, between 30 s and 5 min', () => {
    expect(suggestedRestMs(120_000)).toBe(120_000);
    expect(suggestedRestMs(5_000)).toBe(30_000);
    expect(suggestedRestMs(20 * 60_000)).toBe(5 * 60_000);
  });
});
