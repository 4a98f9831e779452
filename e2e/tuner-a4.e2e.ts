import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { appUrl } from './browser';
import { serviceSnapshot } from './tuner-helpers';
import { writeWav16 } from './tuner-drone-wav';
import { WAIT_MS } from './wait';

/**
 * "Listen for A4" with a tone synthesised here on the fake microphone: a steady brass-like note
 * (harmonics 1–6) at a chosen pitch, a whole number of periods long so the loop is seamless.
 * B♭ trumpet (the default): the tuner shows concert A4 as written B4.
 */
const RATE = 48000;
const dir = mkdtempSync(join(tmpdir(), 'embouchure-a4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function toneWav(hz: number): string {
  const periods = Math.round(4 * hz);
  const n = Math.round((periods * RATE) / hz);
  const samples = new Float32Array(n);
  const amplitudes = [1, 0.8, 0.6, 0.4, 0.25, 0.15];
  for (let i = 0; i < n; i++) {
    let x = 0;
    amplitudes.forEach((a, h) => {
      x += a * Math.sin((2 * Math.PI * (h + 1) * hz * i) / RATE + h);
    });
    samples[i] = 0.15 * x;
  }
  return writeWav16(join(dir, `tone-${hz}.wav`), RATE, samples);
}

// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();

async function openTuner(hz: number): Promise<Page> {
  const browser = await perTest.launch({ wav: toneWav(hz) });
  const { page } = browser;
  await page.goto(appUrl('/home/tuner'));
  await expect
    .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
    .toBe('connected');
  // The panel is one tap away on the tuner's first screen.
  await page.click('[data-testid="listen-open"]');
  return page;
}

const storedA4 = (page: Page): Promise<number | undefined> =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('embouchure.settings.v1') ?? '{}') as { a4Hz?: number })
        .a4Hz,
  );

describe('Listen for A4', () => {
  it('sets A4 = 442 Hz from a heard 442 Hz A (written B4 on B♭ trumpet), with undo', async () => {
    const page = await openTuner(442);
    // Written pitch: concert A4 on a B♭ trumpet is written B4, and the panel says which to play.
    await expect
      .poll(() => page.getAttribute('[data-testid="tuner-reading"]', 'data-note'), {
        timeout: WAIT_MS,
      })
      .toBe('B4');
    expect(await page.getAttribute('[data-testid="tuner-reading"]', 'data-concert-note')).toBe(
      'A4',
    );
    expect(await page.textContent('[data-testid="listen-a4-panel"]')).toContain(
      'written B4 on B♭ trumpet',
    );
    await page.click('[data-testid="listen-a4"]');
    const confirm = page.locator('[data-testid="listen-a4-confirm"]');
    await confirm.waitFor({ timeout: WAIT_MS });
    expect(await page.textContent('[data-testid="listen-a4-message"]')).toMatch(
      /Heard a steady A4 at 44[12]\.\d Hz/,
    );
    await confirm.click();
    await expect.poll(() => storedA4(page)).toBeDefined();
    expect(Math.abs(((await storedA4(page)) as number) - 442)).toBeLessThanOrEqual(0.5);
    expect(await page.textContent('[data-testid="listen-a4-message"]')).toContain('was 440 Hz');
    // At A4 = 442 the same note now reads within a few cents of 0.
    await expect
      .poll(
        async () =>
          Math.abs(Number(await page.getAttribute('[data-testid="tuner-reading"]', 'data-cents'))),
        {
          timeout: WAIT_MS,
        },
      )
      .toBeLessThan(2);
    await page.click('[data-testid="listen-a4-undo"]');
    await expect.poll(() => storedA4(page)).toBe(440);
  });

  it('says "Loading" while the code of a panel is on its way, then opens it', async () => {
    // The panels' chunk is held until the player has seen that the tap worked (a slow network;
    // once, in CI, the panel stayed empty for 30 s and said nothing). Service workers blocked,
    // so the chunk's request is the page's own and can be held.
    const { page } = await perTest.launch({ wav: toneWav(440), serviceWorkers: 'block' });
    const held: Route[] = [];
    await page.route(/tuner-panels-[^/]*\.js$/, (route) => {
      held.push(route);
    });
    await page.goto(appUrl('/home/tuner'));
    await page.click('[data-testid="listen-open"]');
    const loading = page.locator('#tuner-listen-panel [data-testid="panel-loading"]');
    await loading.waitFor({ timeout: WAIT_MS });
    expect(await loading.textContent()).toBe('Loading Listen for A4…');
    expect(await loading.getAttribute('role')).toBe('status');
    await expect.poll(() => held.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
    await page.locator('[data-testid="listen-a4"]').waitFor({ timeout: WAIT_MS });
    expect(await loading.count()).toBe(0);
  });

  it('stays where it is while the microphone connects: a tap on "Set A4" opens it', async () => {
    // "Starting the microphone…" used to push the tuner down and go as the microphone
    // connected: every control below it moved up 50 px just then, and a tap aimed at "Set A4"
    // landed on nothing (this file's tests failed so, one run in three). The engine is held
    // here to keep the page connecting while it is looked at.
    const { page } = await perTest.launch({ wav: toneWav(440), serviceWorkers: 'block' });
    const held: Route[] = [];
    await page.route('**/*.wasm', (route) => {
      held.push(route);
    });
    await page.goto(appUrl('/home/tuner'));
    const banner = page.locator('[data-testid="tuner-status"][data-state="connecting"]');
    await banner.waitFor({ timeout: WAIT_MS });
    const toggle = page.locator('[data-testid="listen-open"]');
    const before = await toggle.boundingBox();
    await expect.poll(() => held.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
    await expect
      .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
      .toBe('connected');
    await banner.waitFor({ state: 'detached', timeout: WAIT_MS });
    expect(await toggle.boundingBox()).toEqual(before);
    await toggle.click();
    await page.locator('[data-testid="listen-a4"]').waitFor({ timeout: WAIT_MS });
  });

  it('refuses a B♭ tuning note (466.2 Hz) with the range, and leaves A4 alone', async () => {
    const page = await openTuner(440 * 2 ** (1 / 12));
    await page.click('[data-testid="listen-a4"]');
    const message = page.locator('[data-testid="listen-a4-message"][role="alert"]');
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.textContent()).toMatch(/outside 415–466 Hz/);
    expect(await message.textContent()).toContain('A4 stays 440 Hz');
    expect(await page.locator('[data-testid="listen-a4-confirm"]').count()).toBe(0);
    expect(await storedA4(page)).toBeUndefined();
  });
});
