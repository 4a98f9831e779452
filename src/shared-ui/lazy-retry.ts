import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
        throw isChunkLoadError(error) ? new ChunkLoadError(error) : error;
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
