import { ChunkLoadError } from './lazy-retry';

/**
 * A chunk that has not come in this long counts as failed, ms: a stalled request then ends in the
 * panel boundary's message and Reload, not in an empty panel for good. `importWithRetry` retries
 * it; a retry re-imports the same module, which waits on the same request if it is still pending,
 * so a slow network gets three times this in all. Kept out of the initial chunk (its 141 kB
 * budget): the tuner's panels use it (src/pages/TunerPage.tsx).
 */
export const CHUNK_STALL_MS = 20_000;

/** `promise`, or a ChunkLoadError once `ms` pass without an answer. */
export function withStallLimit<T>(promise: Promise<T>, ms = CHUNK_STALL_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, stalled]).finally(() => clearTimeout(timer));
}
