import {
  createPersistedStore,
  type PersistedStore,
  type Validators,
} from '../settings/persisted-store';
import { defaultStorage } from '../storage';
import { DAILY_GOAL_RANGE_MIN } from './logic/progress';

/** The player's choices for Progress and reminders (persisted like the settings). */
export interface CompanionPrefs {
  /** Daily goal of sound on the face, minutes. */
  dailyGoalMin: number;
  /** Show the streak (some players find streaks stressful: they can turn them off). */
  streaks: boolean;
  remindersOn: boolean;
  /** Days of the week to remind, 0 = Sunday … 6 = Saturday (Date.getDay()). */
  reminderDays: number[];
  /** Local time "HH:MM". */
  reminderTime: string;
}

export const COMPANION_PREFS_KEY = 'embouchure.companion.v1';

export const DEFAULT_COMPANION_PREFS: Readonly<CompanionPrefs> = Object.freeze({
  dailyGoalMin: 20,
  streaks: true,
  remindersOn: false,
  reminderDays: [1, 2, 3, 4, 5],
  reminderTime: '18:00',
});

export const isTimeOfDay = (value: unknown): value is string =>
  typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

const VALIDATORS: Validators<CompanionPrefs> = {
  dailyGoalMin: (v) =>
    typeof v === 'number' &&
    Number.isInteger(v) &&
    v >= DAILY_GOAL_RANGE_MIN.min &&
    v <= DAILY_GOAL_RANGE_MIN.max
      ? undefined
      : `must be ${DAILY_GOAL_RANGE_MIN.min}..${DAILY_GOAL_RANGE_MIN.max} minutes`,
  streaks: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  remindersOn: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  reminderDays: (v) =>
    Array.isArray(v) &&
    v.every((d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6) &&
    new Set(v).size === v.length
      ? undefined
      : 'must be distinct days 0 (Sunday)..6 (Saturday)',
  reminderTime: (v) => (isTimeOfDay(v) ? undefined : 'must be a time HH:MM (00:00..23:59)'),
};

export type CompanionPrefsStore = PersistedStore<CompanionPrefs>;

export function createCompanionPrefs(storage = defaultStorage()): CompanionPrefsStore {
  return createPersistedStore<CompanionPrefs>({
    defaults: DEFAULT_COMPANION_PREFS,
    validators: VALIDATORS,
    noun: 'progress setting',
    storage,
    key: COMPANION_PREFS_KEY,
  });
}

let shared: CompanionPrefsStore | null = null;
export function getCompanionPrefs(): CompanionPrefsStore {
  shared ??= createCompanionPrefs();
  return shared;
}
