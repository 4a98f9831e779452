import { describe, expect, it } from 'vitest';
import { audioFile } from '../paths';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll, shotPath } from './helpers';

/**
 * Start-up and settings as a player meets them: the app opens, asks for the microphone (granted
 * here) and listens on the tuner; settings changed on the settings screen survive a reload
 * (localStorage of this engine) and reach the tuner.
 */
const SETTINGS = 'ion-modal.settings-modal:not(.overlay-hidden)';
const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n069_A4_v110.wav')));

describe(`start-up and settings (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it('opens on the home screen, and the tuner listens to the microphone once granted', async () => {
    const { page } = engine();
    await page.goto('/');
    await poll(() => page.evaluate(() => location.pathname)).toMatch(/^\/home\//);
    await expect(page.evaluate(() => document.title)).resolves.toBe('Embouchure');
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Exercise');
    await page.click('ion-tab-button[tab="tuner"]');
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Tuner');
    await listening(page);
    await poll(() => page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-note')).toBe(
      'B4',
    );
    expect(page.pageErrors).toEqual([]);
  });

  it('changes persist across a reload and reach the tuner', async () => {
    const { page } = engine();
    await page.goto('/home/exercise');
    await page.click(`${ACTIVE} [data-testid="open-settings"]`);
    await poll(() => page.text(`${SETTINGS} ion-title`)).toBe('Settings');
    await page.setValue(`${SETTINGS} [data-testid="transposition"]`, 'concert');
    await page.setValue(`${SETTINGS} [data-testid="in-tune-band"]`, '10');
    await page.setValue(`${SETTINGS} [data-testid="fast-response"]`, true);
    await page.screenshot(shotPath(page, 'settings'));
    await page.reload();
    await poll(() => page.text(`${ACTIVE} ion-title`)).toBe('Exercise');
    await page.click(`${ACTIVE} [data-testid="open-settings"]`);
    await poll(() => page.value(`${SETTINGS} [data-testid="transposition"]`)).toBe('concert');
    expect(await page.value(`${SETTINGS} [data-testid="in-tune-band"]`)).toBe('10');
    expect(await page.value(`${SETTINGS} [data-testid="fast-response"]`)).toBe('true');
    await page.click(`${SETTINGS} [data-testid="close-settings"]`);
    await poll(() => page.count(SETTINGS)).toBe(0);
    await page.click('ion-tab-button[tab="tuner"]');
    await poll(
      async () => (await page.text(`${ACTIVE} [data-testid="tuner-reading"]`)) ?? '',
    ).toContain('Concert pitch');
    // Concert A4 now reads A4 (no transposition).
    await poll(() => page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-note')).toBe(
      'A4',
    );
    expect(page.pageErrors).toEqual([]);
  });
});
