/**
 * The storage line of the takes screen: the space takes use, the browser's storage used of its
 * quota (`navigator.storage.estimate()`, via the take store) and a warning from 80 % full, before
 * recording is refused at MIN_FREE_BYTES (src/takes/take-recorder.ts). Pure, so it is unit-tested.
 */
import type { StorageUse } from './take-store';

/** Warn when storage is this full. */
export const STORAGE_WARNING_FRACTION = 0.8;

export const STORAGE_WARNING = 'almost full: delete or export old takes before recording more.';

/** A size as people read it: kB below 1 MB (a 5 s take is ~480 kB, not "0.0 MB"), then MB, GB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.round(bytes / 1e3)} kB`;
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
  let text = `Takes: ${formatBytes(takesBytes)}`;
  if (use)
    text += ` · storage used ${formatBytes(use.usageBytes)} of ${formatBytes(use.quotaBytes)}`;
  if (nearlyFull) text += ` — ${STORAGE_WARNING}`;
  return { text, nearlyFull };
}
