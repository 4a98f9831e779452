import { describe, expect, it } from 'vitest';
import { audioFile } from '../paths';
import { engineFixture } from './fixture';
import { TAKES, listening, poll, serviceState, shotPath } from './helpers';

/**
 * Takes as a player records them (docs/takes.md): record ~4 s from the tuner through the
 * virtual microphone (concert A4, written B4 on the default B♭ trumpet), stop, reload, find the take
 * listed with its length and notes, play it back with its trace while the microphone is released.
 */
const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n069_A4_v110.wav')));

describe(`takes (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it('a take recorded from the tuner is listed after a reload with its length and notes, and plays back with its trace', async () => {
    const { page } = engine();
    await page.goto('/home/tuner');
    await listening(page);
    const record = '[data-testid="record-button"]';
    await page.click(record);
    await poll(() => page.attribute(record, 'data-state')).toBe('recording');
    await poll(async () => (await page.text('[data-testid="record-time"]')) ?? '').toMatch(
      /^0:0[4-9]$/,
    );
    await page.click(record);
    await poll(async () => (await page.text('[data-testid="record-message"]')) ?? '').toMatch(
      /^Take saved \(0:0[4-9]\)\.$/,
    );

    await page.reload();
    await listening(page);
    await page.click('[data-testid="open-takes"]');
    const row = `${TAKES} [data-testid="take-row"]`;
    await poll(() => page.count(row)).toBe(1);
    await expect(page.text(row)).resolves.toMatch(/Tuner · 0:0[4-9] ·/);
    await expect(page.text(`${TAKES} [data-testid="take-notes"]`)).resolves.toMatch(/^(B4 ?)+/);
    await page.screenshot(shotPath(page, 'takes-list'));

    await page.click(`${TAKES} [data-testid="play-take"]`);
    const trace = `${TAKES} [data-testid="take-trace"]`;
    await poll(async () => (await page.attribute(trace, 'data-notes')) ?? '').toMatch(/^B4( B4)*$/);
    const player = `${TAKES} [data-testid="take-player"]`;
    await poll(async () =>
      Number(await page.attribute(player, 'data-duration-ms')),
    ).toBeGreaterThan(3500);
    await page.click(`${TAKES} [data-testid="take-play"]`);
    await poll(() => page.attribute(player, 'data-playing')).toBe('true');
    await poll(async () => Number(await page.attribute(trace, 'data-cursor-ms'))).toBeGreaterThan(
      1000,
    );
    await page.screenshot(shotPath(page, 'take-playing'));
    const whilePlaying = await serviceState(page);
    expect(whilePlaying.state).toBe('stopped'); // nothing hears or scores the playback
    expect(page.pageErrors).toEqual([]);
  });
});
