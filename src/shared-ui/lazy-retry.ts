import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/** A lazy chunk (page, panel) that could not be fetched: offline, or removed by a deployment. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(
      `A part of the app could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'ChunkLoadError';
  }
}

/** The errors browsers and Vite raise for a dynamic import that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `import()` with retries (a flaky network often answers the second time), then a
 * ChunkLoadError the error boundary turns into "You're offline…" with Reload.
 */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  retries = 2,
  delayMs = 400,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries || !isChunkLoadError(error)) {
        if (!isChunkLoadError(error) || error instanceof ChunkLoadError) throw error;
        throw new ChunkLoadError(error);
      }
      await wait(delayMs * (attempt + 1));
    }
  }
}

/** React.lazy over `importWithRetry` (a default export, as React.lazy wants). */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importWithRetry(load));
}

/** A lazy page whose chunk can be fetched before it is first rendered. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts fetching (once); resolves when the component can render. */
  preload(): Promise<void>;
};

/**
 * A lazy page without Suspense: it renders nothing until its chunk is there (fetched with
 * `importWithRetry`; a failure goes to the nearest error boundary, as with `lazyWithRetry`), then
 * the page. `preload()` starts the fetch early. Why not React.lazy: React 19 holds back content
 * that suspended under a boundary that showed its fallback until 300 ms after that fallback was
 * committed (FALLBACK_THROTTLE_MS in react-reconciler, to batch reveals), so the tuner, fetched in
 * ~50 ms on a cold start, appeared ~300 ms late (`bench:startup`, issue 13: visible in < 500 ms).
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const fetchOnce = (): Promise<void> => {
    pending ??= importWithRetry(load).then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // the next mount (or Reload) tries again
        throw error;
      },
    );
    return pending;
  };
  const Page = (props: P) => {
    const [, rerender] = useState(0);
    const [failure, setFailure] = useState<{ error: unknown }>();
    // What this render saw: the chunk may arrive between the render and the effect, so the effect
    // asks the render's value, not the module's (else the page could stay blank).
    const component = loaded;
    useEffect(() => {
      if (component) return;
      let mounted = true;
      fetchOnce().then(
        () => mounted && rerender((count) => count + 1),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [component]);
    if (failure) throw failure.error; // to the page's error boundary ("offline… Reload")
    return component ? createElement(component, props) : null;
  };
  return Object.assign(Page, { preload: fetchOnce });
}
