import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { appUrl, audioFile, projectRoot } from './browser';
import { serviceSnapshot } from './tuner-helpers';
import { WAIT_MS } from './wait';

/**
 * Every failure shows its own message and a way out on the tuner page, and Retry works once the
 * cause is fixed. Network failures are made with route interception on the production build.
 */
// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();

const WAV = 'clean/sr44100/tpt_n069_A4_v110.wav';
const engineBytes = () => {
  const assets = join(projectRoot, 'dist', 'assets');
  const name = readdirSync(assets).find((f) => f.endsWith('.wasm'));
  if (!name) throw new Error('no .wasm in dist/assets: run npm run build');
  return readFileSync(join(assets, name));
};

async function errorShown(page: Page) {
  const banner = page.locator('[data-testid="tuner-error"]');
  await banner.waitFor({ state: 'visible', timeout: WAIT_MS });
  return { kind: await banner.getAttribute('data-kind'), text: (await banner.textContent()) ?? '' };
}

async function retryAndExpectListening(page: Page) {
  await page.click('[data-testid="tuner-retry"]');
  await expect
    .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
    .toBe('connected');
  await expect
    .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
      timeout: WAIT_MS,
    })
    .toBe('B4');
  expect(await page.locator('[data-testid="tuner-error"]').count()).toBe(0);
}

describe('tuner error states', () => {
  it('microphone denied: says how to allow it; Retry works once allowed', async () => {
    const browser = await perTest.launch({ mic: 'denied', wav: audioFile(WAV) });
    const { page, context } = browser;
    await page.goto(appUrl('/home/tuner'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('denied');
    expect(shown.text).toMatch(/Allow the microphone/);
    expect(shown.text).toMatch(/Retry/);
    await context.grantPermissions(['microphone']);
    await retryAndExpectListening(page);
  });

  it('microphone denied: the exercise page (home) says so too; Retry works once allowed', async () => {
    const browser = await perTest.launch({ mic: 'denied', wav: audioFile(WAV) });
    const { page, context } = browser;
    await page.goto(appUrl('/home/exercise'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('denied');
    expect(shown.text).toMatch(/Allow the microphone/);
    await context.grantPermissions(['microphone']);
    await page.click('[data-testid="tuner-retry"]');
    await expect
      .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
      .toBe('connected');
    await expect
      .poll(() => page.locator('[data-testid="tuner-error"]').count(), { timeout: WAIT_MS })
      .toBe(0);
  });

  it('no microphone: says so with a Retry', async () => {
    const browser = await perTest.launch({ mic: 'none' });
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('no-device');
    expect(shown.text).toMatch(/No microphone was found/);
  });

  it('no microphone, then one is plugged in: Retry works', async () => {
    // Chromium cannot add a fake device mid-session (the test above covers the real NotFoundError),
    // so the first getUserMedia calls fail as they do with no device, until the mic is "plugged in".
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page, context } = browser;
    await context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const real = devices.getUserMedia.bind(devices);
      const flags = globalThis as unknown as { micPluggedIn?: boolean };
      devices.getUserMedia = (constraints) =>
        flags.micPluggedIn
          ? real(constraints)
          : Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await page.goto(appUrl('/home/tuner'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('no-device');
    await page.evaluate(() => {
      (globalThis as unknown as { micPluggedIn?: boolean }).micPluggedIn = true;
    });
    await retryAndExpectListening(page);
  });

  it('engine 404: engine message; Retry after the file is back works', async () => {
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page } = browser;
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(appUrl('/home/tuner'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('engine');
    expect(shown.text).toMatch(/pitch engine could not be loaded/);
    await page.unroute('**/*.wasm');
    await retryAndExpectListening(page);
  });

  it('corrupt engine bytes: engine message; Retry after the fix works', async () => {
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page } = browser;
    const corrupt = Buffer.from(engineBytes());
    corrupt.fill(0x55, 8, 64);
    await page.route('**/*.wasm', (route) =>
      route.fulfill({ status: 200, contentType: 'application/wasm', body: corrupt }),
    );
    await page.goto(appUrl('/home/tuner'));
    expect((await errorShown(page)).kind).toBe('engine');
    await page.unroute('**/*.wasm');
    await retryAndExpectListening(page);
  });

  it('a wrong MIME type for the engine still works (buffered fallback)', async () => {
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page } = browser;
    const bytes = engineBytes();
    await page.route('**/*.wasm', (route) =>
      route.fulfill({ status: 200, contentType: 'application/octet-stream', body: bytes }),
    );
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
        timeout: WAIT_MS,
      })
      .toBe('B4');
  });

  it('worklet fails to load: audio processor message; Retry after the fix works', async () => {
    const browser = await perTest.launch({ wav: audioFile(WAV) });
    const { page } = browser;
    // Chromium fetches worklet scripts outside page.route, so the failure is injected at
    // addModule (what a 404 or a syntax error makes it do: reject).
    await page.addInitScript(() => {
      const original = AudioWorklet.prototype.addModule;
      const state = globalThis as unknown as { __failWorklet: boolean };
      state.__failWorklet = true;
      AudioWorklet.prototype.addModule = function (url, options) {
        if (state.__failWorklet) return Promise.reject(new DOMException('404', 'AbortError'));
        return original.call(this, url, options);
      };
    });
    await page.goto(appUrl('/home/tuner'));
    const shown = await errorShown(page);
    expect(shown.kind).toBe('worklet');
    expect(shown.text).toMatch(/audio processor could not be loaded/);
    await page.evaluate(() => {
      (globalThis as unknown as { __failWorklet: boolean }).__failWorklet = false;
    });
    await retryAndExpectListening(page);
  });
});
