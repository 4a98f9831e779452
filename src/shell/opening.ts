/** The tab a cold start opens on, from the URL's path (`/` and unknown paths: the exercise tab). */
export type OpeningTab = 'exercise' | 'tuner' | 'pieces';

export function openingTab(pathname: string): OpeningTab {
  if (pathname.startsWith('/home/tuner')) return 'tuner';
  if (pathname.startsWith('/home/pieces')) return 'pieces';
  return 'exercise';
}

/**
 * `load` started once and shared by every caller; a failed load is forgotten, so the next call
 * tries again (a Retry, a reconnect), as `lazyWithPreload`'s `preload()` does for pages.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
}

/**
 * Resolves once every one of `loads` has settled (resolved or failed), or after `maxWaitMs`,
 * whichever comes first: a hung request must not hold back what waits on it for ever.
 */
export function settledOrAfter(
  loads: readonly Promise<unknown>[],
  maxWaitMs: number,
  setTimer: (done: () => void, ms: number) => unknown = (done, ms) => setTimeout(done, ms),
): Promise<void> {
  if (!(maxWaitMs >= 0)) throw new RangeError(`maxWaitMs must be >= 0, got ${maxWaitMs}`);
  return new Promise<void>((resolve) => {
    setTimer(resolve, maxWaitMs);
    void Promise.allSettled(loads).then(() => resolve());
  });
}
