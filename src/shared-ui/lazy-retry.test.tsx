import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChunkLoadError, importWithRetry, isChunkLoadError, lazyWithPreload } from './lazy-retry';

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

describe('lazyWithPreload: a page that renders without suspending once fetched', () => {
  it('renders nothing before its chunk, the page after preload(), and fetches once', async () => {
    let fetches = 0;
    const Page = lazyWithPreload(() => {
      fetches++;
      return Promise.resolve({ default: (props: { name: string }) => <p>Tuner {props.name}</p> });
    });
    expect(renderToStaticMarkup(<Page name="ready" />)).toBe('');
    await Promise.all([Page.preload(), Page.preload()]);
    expect(renderToStaticMarkup(<Page name="ready" />)).toBe('<p>Tuner ready</p>');
    expect(fetches).toBe(1);
  });

  it('a failed fetch rejects preload() and the next preload() fetches again', async () => {
    let fetches = 0;
    const Page = lazyWithPreload<object>(() =>
      ++fetches === 1
        ? Promise.reject(new ReferenceError('a bug in the module'))
        : Promise.resolve({ default: () => <p>Tuner</p> }),
    );
    await expect(Page.preload()).rejects.toThrow('a bug in the module');
    await Page.preload();
    expect(renderToStaticMarkup(<Page />)).toBe('<p>Tuner</p>');
    expect(fetches).toBe(2);
  });
});
