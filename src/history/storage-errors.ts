import { storageProblemOf } from '../storage';
import type { HistoryStatus } from './history-db';

export const BUSY_MESSAGE = 'History is busy in another tab: close it or reload.';
export const OUTDATED_MESSAGE =
  'History was upgraded by a newer version of the app in another tab: reload this tab to see it.';

/** The message the UI shows for a storage failure (its kind decided by src/storage, once). */
export function describeStorageError(error: unknown): HistoryStatus {
  switch (storageProblemOf(error)) {
    case 'full':
      return {
        state: 'full',
        message:
          'Storage is full: this attempt was not saved to your history. Practice still works; free some space or export and clear old data.',
      };
    case 'busy':
      return { state: 'busy', message: BUSY_MESSAGE };
    case 'outdated':
      return { state: 'busy', message: OUTDATED_MESSAGE };
    case 'unavailable':
      return {
        state: 'unavailable',
        message:
          'History is unavailable in this browser (private mode or storage blocked): attempts are not saved, but practice still works.',
      };
  }
}
