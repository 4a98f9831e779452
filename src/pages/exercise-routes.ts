import type { ExerciseKind } from '../history/records';

/**
 * The routes of the Exercise tab. Every screen a player can be on has one, so a link opens it
 * and the browser's Back (and Android's back button) walks them:
 * `/home/exercise` (home) · `/home/exercise/history` · `/home/exercise/<screen>` (an exercise's
 * setup) · `/home/exercise/<screen>/play` (its run and results, above the setup) ·
 * `/home/exercise/routine` (today's routine: its exercise, rests and warm-down; `…/play` likewise).
 */
export const EXERCISE_HOME_PATH = '/home/exercise';
export const HISTORY_PATH = `${EXERCISE_HOME_PATH}/history`;
export const ROUTINE_PATH = `${EXERCISE_HOME_PATH}/routine`;
/** The step above a setup: the run and its results. */
const STEP_SEGMENT = 'play';

/** What each exercise screen records as (articulation is saved with the scales). */
export const SCREEN_EXERCISE = {
  'long-tones': 'long-tones',
  'lip-slurs': 'lip-slurs',
  scales: 'scales',
  articulation: 'scales',
  intervals: 'intervals',
} as const satisfies Record<string, ExerciseKind>;

export type ExerciseScreen = keyof typeof SCREEN_EXERCISE;
export const EXERCISE_SCREENS = Object.keys(SCREEN_EXERCISE) as ExerciseScreen[];

export type ExerciseRoute =
  | { view: 'home' }
  | { view: 'history' }
  | { view: 'exercise'; screen: ExerciseScreen; step: boolean }
  | { view: 'routine'; step: boolean };

const isScreen = (segment: string): segment is ExerciseScreen =>
  Object.hasOwn(SCREEN_EXERCISE, segment);

/** The path is in the Exercise tab (one of its routes or not). */
export const isExerciseTabPath = (pathname: string): boolean =>
  pathname === EXERCISE_HOME_PATH || pathname.startsWith(`${EXERCISE_HOME_PATH}/`);

/** The route a pathname names, or null for a path the tab does not have. */
export function parseExerciseRoute(pathname: string): ExerciseRoute | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === EXERCISE_HOME_PATH) return { view: 'home' };
  if (!trimmed.startsWith(`${EXERCISE_HOME_PATH}/`)) return null;
  const [name, step, ...rest] = trimmed.slice(EXERCISE_HOME_PATH.length + 1).split('/');
  if (rest.length > 0 || (step !== undefined && step !== STEP_SEGMENT)) return null;
  if (name === 'history') return step === undefined ? { view: 'history' } : null;
  if (name === 'routine') return { view: 'routine', step: step !== undefined };
  if (isScreen(name)) return { view: 'exercise', screen: name, step: step !== undefined };
  return null;
}

/** The setup's path of an exercise screen. */
export const exercisePath = (screen: ExerciseScreen): string => `${EXERCISE_HOME_PATH}/${screen}`;

/** The path of the step above a setup at `path`. */
export const stepPath = (path: string): string => `${path}/${STEP_SEGMENT}`;
