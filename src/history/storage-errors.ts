import { DeadlineError } from '../lib/deadline';
import type { HistoryStatus } from './history-db';

export const BUSY_MESSAGE = 'History is busy in another tab: close it or reload.';
export const OUTDATED_MESSAGE =
  'History was upgraded by a newer version of the app in another tab: reload this tab to see it.';

/** Storage errors carry the browser's error as `inner` when Dexie wraps them. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  return (error as Error & { inner?: Error }).inner?.name ?? error.name;
}

/** The message the UI shows for a storage failure: full, busy, outdated or unavailable. */
export function describeStorageError(error: unknown): HistoryStatus {
  const name = errorName(error);
  if (name === 'QuotaExceededError') {
    return {
      state: 'full',
      message:
        'Storage is full: this attempt was not saved to your history. Practice still works; free some space or export and clear old data.',
    };
  }
  if (error instanceof DeadlineError || name === 'DatabaseClosedError') {
    return { state: 'busy', message: BUSY_MESSAGE };
  }
  if (name === 'VersionError') return { state: 'busy', message: OUTDATED_MESSAGE };
  return {
    state: 'unavailable',
    message:
      'History is unavailable in this browser (private mode or storage blocked): attempts are not saved, but practice still works.',
  };
}
