import { describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE } from './piece-types';
import { trainerPlan } from './trainer-plan';

describe('the tempo trainer says what it will do (W5)', () => {
  it('starts from the tempo typed, over the loop set', () => {
    const teacher = {
      ...DEFAULT_PRACTICE,
      trainer: true,
      tempoPercent: 80,
      loop: { fromBar: 1, toBar: 4 },
      cleanPassesInARow: 2,
    };
    expect(trainerPlan(teacher, 16)).toBe(
      'Starts at 80 % (the tempo above), looping bars 1–4, and rises 5 % at a time.',
    );
  });

  it('names the whole piece, one bar, and a tempo already at 100 %', () => {
    const on = { ...DEFAULT_PRACTICE, trainer: true, cleanPassesInARow: 1 };
    expect(trainerPlan({ ...on, tempoPercent: 60 }, 8)).toBe(
      'Starts at 60 % (the tempo above), looping the whole piece, and rises 5 % at a time.',
    );
    expect(trainerPlan({ ...on, tempoPercent: 60, loop: { fromBar: 3, toBar: 3 } }, 8)).toContain(
      'looping bar 3,',
    );
    expect(trainerPlan({ ...on, tempoPercent: 100 }, 8)).toBe(
      'Starts at 100 %, looping the whole piece: already at the marked tempo, so it stays there.',
    );
  });
});
