import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, projectRoot } from './browser';
import { closeSettings, openSettings, settingsScreen } from './settings-screen';
import { startStaticServer, type StaticServer } from './static-server';
import { WAIT_MS } from './wait';

// Analytics is consent-first: three cases from issue 6, each counting every request that leaves
// 127.0.0.1. The configured build is made here (a dummy configuration from the environment) and
// served beside the default one; its third-party requests are intercepted and aborted.

const DUMMY_FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'e2e-dummy-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'e2e-dummy.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'e2e-dummy',
  VITE_FIREBASE_STORAGE_BUCKET: 'e2e-dummy.appspot.com',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '1234567890',
  VITE_FIREBASE_APP_ID: '1:1234567890:web:0123456789abcdef',
  VITE_FIREBASE_MEASUREMENT_ID: 'G-E2EDUMMY00',
};

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1';
};

/** Every request of the context, and a route that aborts (blocks) all but 127.0.0.1. */
async function recordAndBlockThirdParty(context: BrowserContext) {
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await context.route(
    (url) => !isLocal(url.href),
    (route) => route.abort('blockedbyclient'),
  );
  return {
    requests,
    thirdParty: () => requests.filter((url) => !isLocal(url)),
    firebaseChunk: () => requests.filter((url) => url.includes('/assets/firebase-backend-')),
  };
}

const title = (page: Page) => activePage(page).locator('ion-title');

/** Opens each tab as a user would, then the settings screen over the tuner, so all code runs. */
async function visitEveryPage(page: Page, url: (path: string) => string) {
  for (const [path, name] of [
    ['/home/exercise', 'Exercise'],
    ['/home/tuner', 'Tuner'],
  ] as const) {
    await page.goto(url(path));
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe(name);
  }
  await openSettings(page); // left open: the callers read the consent switch
  await page.waitForLoadState('networkidle');
}

/** Loads a tab and opens the settings screen over it. */
async function settingsOver(page: Page, url: string, tab: 'Exercise' | 'Tuner') {
  await page.goto(url);
  await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe(tab);
  return openSettings(page);
}

describe('without configuration (the default build)', () => {
  const browser = sharedBrowser({ mic: 'granted' });

  it('zero requests leave 127.0.0.1, no analytics chunk is loaded, and consent is not offered', async () => {
    const network = await recordAndBlockThirdParty(browser.context);
    await visitEveryPage(browser.page, appUrl);
    const consent = settingsScreen(browser.page).getByTestId('analytics-consent');
    expect(await consent.isDisabled()).toBe(true);
    expect(
      await settingsScreen(browser.page).getByTestId('analytics-state').getAttribute('data-state'),
    ).toBe('unconfigured');
    expect(network.requests.length).toBeGreaterThan(5);
    expect(network.thirdParty()).toEqual([]);
    expect(network.firebaseChunk()).toEqual([]);
  });
});

describe('with configuration', () => {
  let outDir: string;
  let server: StaticServer;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'embouchure-analytics-build-'));
    await promisify(execFile)(
      join(projectRoot, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: projectRoot, env: { ...process.env, ...DUMMY_FIREBASE_ENV } },
    );
    server = await startStaticServer(outDir);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  });
  // Launched after the server starts, closed before it stops.
  const browser = sharedBrowser({ mic: 'granted' });

  it('no consent: zero requests leave 127.0.0.1 and the analytics SDK is not loaded', async () => {
    const network = await recordAndBlockThirdParty(browser.context);
    await visitEveryPage(browser.page, url);
    const consent = settingsScreen(browser.page).getByTestId('analytics-consent');
    expect(await consent.isDisabled()).toBe(false);
    expect(await consent.isChecked()).toBe(false); // off by default
    expect(network.thirdParty()).toEqual([]);
    expect(network.firebaseChunk()).toEqual([]);
    await browser.context.unrouteAll();
  });

  it('consent with the network blocked: the SDK loads, its requests fail, the app keeps working', async () => {
    const { page } = browser;
    const network = await recordAndBlockThirdParty(browser.context);
    let settings = await settingsOver(page, url('/home/exercise'), 'Exercise');
    await settings.getByTestId('analytics-consent').check();
    await expect.poll(() => network.firebaseChunk().length).toBe(1);
    // The library tried to reach its backend and was blocked (third-party requests happened only
    // after consent, and none got through).
    await expect.poll(() => network.thirdParty().length, { timeout: WAIT_MS }).toBeGreaterThan(0);

    // The app still works: the tuner listens and shows its reading, the exercise page renders.
    await closeSettings(page);
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    await expect.poll(() => activePage(page).getByTestId('tuner-reading').isVisible()).toBe(true);
    await page.locator('ion-tab-button[tab="exercise"]').click();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Exercise');

    // A reload keeps the consent and still works with the network blocked.
    await page.reload();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Exercise');
    settings = await settingsOver(page, url('/home/tuner'), 'Tuner');
    await expect.poll(() => settings.getByTestId('analytics-consent').isChecked()).toBe(true);

    // Withdrawing persists too.
    await settings.getByTestId('analytics-consent').uncheck();
    await expect
      .poll(() => settings.getByTestId('analytics-state').getAttribute('data-state'))
      .toBe('off');
    await page.reload();
    await expect.poll(() => title(page).textContent(), { timeout: WAIT_MS }).toBe('Tuner');
    settings = await openSettings(page);
    await expect.poll(() => settings.getByTestId('analytics-consent').isChecked()).toBe(false);
    await browser.context.unrouteAll();
  });
});
