/**
 * The storage line of the takes screen: the space takes use, the browser's storage used of its
 * quota (`navigator.storage.estimate()`, via the take store) and a warning from 80 % full, before
 * recording is refused at MIN_FREE_BYTES (src/takes/take-recorder.ts). Pure, so it is unit-tested.
 */
import type { StorageUse } from './take-store';

/** Warn when storage is this full. */
export const STORAGE_WARNING_FRACTION = 0.8;

export const STORAGE_WARNING = 'almost full: delete or export old takes before recording more.';

export function formatMb(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

export interface StorageSummary {
  text: string;
  nearlyFull: boolean;
}

export function storageSummary(takesBytes: number, use: StorageUse | null): StorageSummary {
  const nearlyFull =
    use !== null &&
    use.quotaBytes > 0 &&
    use.usageBytes / use.quotaBytes >= STORAGE_WARNING_FRACTION;
  let text = `Takes: ${formatMb(takesBytes)}`;
  if (use) text += ` · storage used ${formatMb(use.usageBytes)} of ${formatMb(use.quotaBytes)}`;
  if (nearlyFull) text += ` — ${STORAGE_WARNING}`;
  return { text, nearlyFull };
}
