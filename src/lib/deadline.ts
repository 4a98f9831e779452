/** Thrown by `withDeadline` when the work did not settle in time. */
export class DeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${Math.round(ms / 100) / 10} s`);
    this.name = 'DeadlineError';
  }
}

/**
 * Resolves or rejects like `work`, or rejects with a DeadlineError after `ms`. The work itself
 * goes on (IndexedDB cannot be cancelled); `onLate` hears if it still succeeds after the deadline.
 */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  onLate?: (value: T) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(new DeadlineError(what, ms));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        if (expired) onLate?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!expired) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
