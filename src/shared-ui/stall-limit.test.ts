import { describe, expect, it } from 'vitest';
import { ChunkLoadError, importWithRetry } from './lazy-retry';
import { withStallLimit } from './stall-limit';

describe('a lazy chunk that never answers', () => {
  it('ends in a ChunkLoadError after the retries, not in an empty panel for good', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return withStallLimit(new Promise<string>(() => undefined), 20); // a stalled request
    };
    const error: unknown = await importWithRetry(load, 1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe(
      'A part of the app could not be loaded: no answer in 0.02 s',
    );
    expect(calls).toBe(2);
  });

  it('a slow answer within the limit is used; a failure keeps its own error', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('panel'), 5));
    await expect(withStallLimit(slow, 200)).resolves.toBe('panel');
    const bug = new ReferenceError('x is not defined');
    await expect(withStallLimit(Promise.reject(bug), 200)).rejects.toBe(bug);
  });
});
