import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFile, distDir } from '../paths';
import { startStaticServer, type StaticServer } from '../static-server';
import type { EnginePage } from './engine-page';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll } from './helpers';

/**
 * Offline after one visit (docs/pwa.md): the service worker of this engine precaches the app, and
 * with the site gone (its server closed) a reload still opens the tuner, which listens (the pitch
 * engine's .wasm and the worklet from the cache), and a tab never visited online. The build is
 * served by a server of this file's own, so closing it leaves the other tests' server alone.
 */
const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n069_A4_v110.wav')));
let server: StaticServer | undefined;
beforeAll(async () => {
  server = await startStaticServer(distDir());
});
afterAll(async () => {
  await server?.close();
});

const offlineReady = (page: EnginePage) =>
  page.evaluate(() => {
    type Hook = { __embouchurePwa?: { get(): { offlineReady: boolean } } };
    return (globalThis as Hook).__embouchurePwa?.get().offlineReady ?? false;
  });

describe(`offline / PWA (${engineName()})`, () => {
  it('after one visit, with the site gone, a reload opens the tuner listening and the exercises', async () => {
    const { page } = engine();
    if (!server) throw new Error('no server');
    await page.goto(`${server.url}/home/tuner`);
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Tuner');
    await poll(() => offlineReady(page)).toBe(true);

    await server.close();
    server = undefined;
    await page.reload();
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Tuner');
    await listening(page);
    await poll(() => page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-note')).toBe(
      'B4',
    );
    await page.click('ion-tab-button[tab="exercise"]');
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Exercise');
    expect(page.pageErrors).toEqual([]);
  });
});
