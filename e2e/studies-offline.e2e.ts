import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { distDir, projectRoot } from './paths';
import { startStaticServer, type StaticServer } from './static-server';
import { WAIT_MS } from './wait';

// The bundled studies (public/studies/, src/pieces/studies) ship in the build and are precached:
// after one visit, every study's file is fetched with the network gone, byte for byte.

/** Runs in the page: the service worker status from src/pwa/register.ts. */
function offlineReady(): boolean {
  type Hook = { __embouchurePwa?: { get(): { offlineReady: boolean } } };
  return (globalThis as Hook).__embouchurePwa?.get().offlineReady ?? false;
}

describe('bundled studies offline', () => {
  let dir: string;
  let server: StaticServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'embouchure-studies-'));
    await cp(distDir(), dir, { recursive: true });
    server = await startStaticServer(dir);
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  // Launched after the server starts, closed before it stops.
  const browser = sharedBrowser({ mic: 'granted' });

  it('every study file is precached and served unchanged with the network gone', async () => {
    const names = (await readdir(join(projectRoot, 'public', 'studies')))
      .filter((name) => name.endsWith('.musicxml'))
      .sort();
    expect(names.length).toBeGreaterThanOrEqual(24);
    const sw = await readFile(join(dir, 'sw.js'), 'utf8');
    for (const name of names) expect(sw, name).toContain(`studies/${name}`);

    const { page, context } = browser;
    await page.goto(`${server.url}/home/tuner`);
    await expect.poll(() => page.evaluate(offlineReady), { timeout: WAIT_MS }).toBe(true);
    await context.setOffline(true);
    try {
      // A reload with the network gone: the page is now served, and its fetches answered, by the worker.
      await page.reload();
      await expect
        .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
        .toBe(true);
      const fetched = await page.evaluate(async (files: string[]) => {
        const out: { name: string; status: number; text: string }[] = [];
        for (const name of files) {
          const response = await fetch(`/studies/${name}`);
          out.push({ name, status: response.status, text: await response.text() });
        }
        return out;
      }, names);
      for (const { name, status, text } of fetched) {
        expect(status, name).toBe(200);
        expect(text, name).toBe(
          await readFile(join(projectRoot, 'public', 'studies', name), 'utf8'),
        );
      }
    } finally {
      await context.setOffline(false);
    }
  });
});
