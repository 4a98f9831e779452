import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage } from './browser';
import { distDir } from './paths';
import { closeSettings, openSettings } from './settings-screen';
import { startStaticServer, type StaticServer } from './static-server';
import { WAIT_MS } from './wait';

// Installable offline PWA (issue 6). Each test serves its own copy of the build, so "deploying a
// new version" (changing sw.js) touches nobody else's files.

const title = (page: Page) => activePage(page).locator('ion-title');

/** Runs in the page: the service worker status from src/pwa/register.ts. */
function offlineReady(): boolean {
  type Hook = { __embouchurePwa?: { get(): { offlineReady: boolean } } };
  return (globalThis as Hook).__embouchurePwa?.get().offlineReady ?? false;
}

async function servedCopy(): Promise<{ dir: string; server: StaticServer }> {
  const dir = await mkdtemp(join(tmpdir(), 'embouchure-pwa-'));
  await cp(distDir(), dir, { recursive: true });
  return { dir, server: await startStaticServer(dir) };
}

describe('installable', () => {
  it('index.html links a manifest with name, start URL, standalone display and 192/512 icons', async () => {
    const html = await readFile(join(distDir(), 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const manifest = JSON.parse(
      await readFile(join(distDir(), 'manifest.webmanifest'), 'utf8'),
    ) as {
      short_name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Embouchure',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  });

  it('the service worker precaches the app shell, every page, the worklet and the .wasm', async () => {
    const sw = await readFile(join(distDir(), 'sw.js'), 'utf8');
    const assets = await readdir(join(distDir(), 'assets'));
    const mustPrecache = assets.filter((file) =>
      /^(index|ExercisePage|TunerPage|SettingsPage|accumulator\.worklet|pitch-engine)-.*\.(js|wasm|css)$/.test(
        file,
      ),
    );
    expect(mustPrecache.some((file) => file.endsWith('.wasm'))).toBe(true);
    expect(mustPrecache.some((file) => file.startsWith('accumulator.worklet'))).toBe(true);
    for (const file of mustPrecache) expect(sw, file).toContain(`assets/${file}`);
    expect(sw).toContain('"index.html"');
    // Loaded only after analytics consent: never fetched ahead.
    expect(sw).not.toContain('firebase-backend');
  });
});

describe('offline after one visit', () => {
  let served: { dir: string; server: StaticServer };
  beforeAll(async () => {
    served = await servedCopy();
  });
  afterAll(async () => {
    await served.server.close();
    await rm(served.dir, { recursive: true, force: true });
  });
  // Launched after the server starts, closed before it stops.
  const browser = sharedBrowser({ mic: 'granted' });

  it('with the network gone, a reload still shows the tuner listening and the exercises', async () => {
    const { page, context } = browser;
    await page.goto(`${served.server.url}/home/tuner`);
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    await expect.poll(() => page.evaluate(offlineReady), { timeout: WAIT_MS }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    await expect.poll(() => activePage(page).getByTestId('tuner-reading').isVisible()).toBe(true);
    // The pitch engine (.wasm) and the worklet come from the cache: the tuner really listens.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            type Hook = { __embouchurePitchService?: { status: { get(): { state: string } } } };
            return (globalThis as Hook).__embouchurePitchService?.status.get().state;
          }),
        { timeout: WAIT_MS },
      )
      .toBe('connected');

    // Pages (and the settings screen) never visited online are precached too.
    await page.locator('ion-tab-button[tab="exercise"]').click();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Exercise');
    await openSettings(page);
    await closeSettings(page);
    await context.setOffline(false);
  });
});

describe('update prompt', () => {
  let served: { dir: string; server: StaticServer };
  beforeAll(async () => {
    served = await servedCopy();
  });
  afterAll(async () => {
    await served.server.close();
    await rm(served.dir, { recursive: true, force: true });
  });
  // Launched after the server starts, closed before it stops.
  const browser = sharedBrowser({ mic: 'granted' });

  it('a new deployment shows "A new version is available"; Reload switches to it', async () => {
    const { page } = browser;
    await page.goto(`${served.server.url}/home/exercise`);
    await expect.poll(() => page.evaluate(offlineReady), { timeout: WAIT_MS }).toBe(true);
    await page.reload(); // a returning visit: the page is now controlled by the worker
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // "Deploy" a new version: a changed precache manifest, as any rebuild with a change makes.
    const swPath = join(served.dir, 'sw.js');
    const sw = await readFile(swPath, 'utf8');
    const changed = sw.replace(/("index\.html",revision:")[^"]+"/, '$1deployed-2"');
    expect(changed).not.toBe(sw);
    await writeFile(swPath, changed);

    const firstScript = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect.poll(() => prompt.isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(await prompt.textContent()).toContain('A new version of Embouchure is available');

    await Promise.all([
      page.waitForEvent('load', { timeout: WAIT_MS }),
      page.getByTestId('update-reload').click(),
    ]);
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Exercise');
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), active: registration?.active?.scriptURL };
    });
    expect(after).toEqual({ waiting: false, active: firstScript });
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
  });
});
