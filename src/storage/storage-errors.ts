/**
 * One vocabulary for what went wrong with storage, whichever store it was (history, takes, pieces,
 * settings): each store words the sentence for its own data, but the kind is decided here once, so
 * a full disk reads "full" everywhere (Firefox's own error name included) and never "unavailable"
 * in one screen and "full" in another.
 */
export type StorageProblem =
  /** The device's storage for the app is full. */
  | 'full'
  /** Another tab holds the database (an upgrade waiting, a long import), or it did not answer in time. */
  | 'busy'
  /** A newer version of the app upgraded the database in another tab: reload. */
  | 'outdated'
  /** Private mode, storage blocked, or no IndexedDB at all. */
  | 'unavailable';

/** The browser's error name, looking inside Dexie's wrapper (`inner`). */
export function storageErrorName(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  return (error as Error & { inner?: Error }).inner?.name ?? error.name;
}

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

export function storageProblemOf(error: unknown): StorageProblem {
  const name = storageErrorName(error);
  if (QUOTA_NAMES.has(name)) return 'full';
  // By name, not instanceof: lib/deadline's class would come into the first page's code with it.
  if (name === 'DeadlineError' || name === 'DatabaseClosedError') return 'busy';
  if (name === 'VersionError') return 'outdated';
  return 'unavailable';
}
