import { describe, expect, it } from 'vitest';
import { ChunkLoadError, importWithRetry, isChunkLoadError } from './lazy-retry';

const offline = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

describe('lazy chunks: retried, then a ChunkLoadError for the error boundary', () => {
  it('a chunk that loads on the second try is used', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(offline()) : Promise.resolve('page'));
    await expect(importWithRetry(load, 2, 1)).resolves.toBe('page');
    expect(calls).toBe(2);
  });

  it('still failing after the retries: a ChunkLoadError (offline or removed by an update)', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return Promise.reject(offline());
    };
    const error: unknown = await importWithRetry(load, 2, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(calls).toBe(3);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('any other error (a bug in the module) is not retried and keeps its identity', async () => {
    let calls = 0;
    const bug = new ReferenceError('x is not defined');
    const load = () => {
      calls++;
      return Promise.reject(bug);
    };
    await expect(importWithRetry(load, 2, 1)).rejects.toBe(bug);
    expect(calls).toBe(1);
  });
});
