import { describe, expect, it } from 'vitest';
import { EXERCISE_KINDS } from '../history/records';
import {
  EXERCISE_SCREENS,
  SCREEN_EXERCISE,
  exercisePath,
  parseExerciseRoute,
  stepPath,
} from './exercise-routes';

describe('the Exercise tab’s routes', () => {
  it('has a screen for every exercise kind the history records, and the articulation mode', () => {
    expect(new Set(Object.values(SCREEN_EXERCISE))).toEqual(new Set(EXERCISE_KINDS));
    expect(EXERCISE_SCREENS).toContain('articulation');
  });

  it.each(EXERCISE_SCREENS)('%s: its setup and, above it, its run', (screen) => {
    expect(parseExerciseRoute(exercisePath(screen))).toEqual({
      view: 'exercise',
      screen,
      step: false,
    });
    expect(parseExerciseRoute(`${exercisePath(screen)}/`)).toEqual({
      view: 'exercise',
      screen,
      step: false,
    });
    expect(parseExerciseRoute(stepPath(exercisePath(screen)))).toEqual({
      view: 'exercise',
      screen,
      step: true,
    });
  });

  it('home, history and the routine', () => {
    expect(parseExerciseRoute('/home/exercise')).toEqual({ view: 'home' });
    expect(parseExerciseRoute('/home/exercise/')).toEqual({ view: 'home' });
    expect(parseExerciseRoute('/home/exercise/history')).toEqual({ view: 'history' });
    expect(parseExerciseRoute('/home/exercise/routine')).toEqual({ view: 'routine', step: false });
    expect(parseExerciseRoute('/home/exercise/routine/play')).toEqual({
      view: 'routine',
      step: true,
    });
  });

  it.each([
    '/home/tuner',
    '/home/exercise/trombone',
    '/home/exercise/history/play',
    '/home/exercise/scales/run',
    '/home/exercise/scales/play/more',
    '/home/exercise/toString',
    '/home/exercises',
  ])('%s is not one of them', (path) => {
    expect(parseExerciseRoute(path)).toBeNull();
  });
});
