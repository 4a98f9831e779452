import { describe, expect, it } from 'vitest';
import { audioFile } from '../paths';
import { keepDownloads } from './downloads';
import { engineFixture } from './fixture';
import { TAKES, atRest, listening, poll, serviceState, shotPath } from './helpers';

/**
 * Takes as a player records them (docs/takes.md): record ~5 s from the tuner through the
 * virtual microphone (concert A4, written B4 on the default B♭ trumpet), stop, reload, find the take
 * listed with its length and notes, play it back with its trace while the microphone is released.
 */
const clockSeconds = (clock: string): number => {
  const [minutes, seconds] = clock.split(':').map(Number);
  return (minutes ?? NaN) * 60 + (seconds ?? NaN);
};

const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n069_A4_v110.wav')));

describe(`takes (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it('a take recorded from the tuner is listed after a reload with its length and notes, and plays back with its trace', async () => {
    const { page } = engine();
    await page.goto('/home/tuner');
    await listening(page);
    const record = '[data-testid="record-button"]';
    await page.click(record);
    await poll(() => page.attribute(record, 'data-state')).toBe('recording');
    // Stop at 0:05 on the clock: the take's own length starts at its first audio frame, which
    // a loaded machine's recorder delivers some hundreds of ms after the tap.
    await poll(async () => (await page.text('[data-testid="record-time"]')) ?? '').toMatch(
      /^0:0[5-9]$/,
    );
    // Read just before the tap: under load the tap itself may land seconds later (the take is
    // then that much longer, and must say so).
    const shownSeconds = clockSeconds((await page.text('[data-testid="record-time"]')) ?? '');
    const shownAtMs = Date.now();
    await page.click(record);
    let saved = '';
    await poll(
      async () => (saved = (await page.text('[data-testid="record-message"]')) ?? ''),
    ).toMatch(/^Take saved \(\d+:\d\d\)\.$/);
    const length = saved.match(/\((\d+:\d\d)\)/)?.[1] ?? '';
    // Not shorter than the clock said, nor longer than the time since (no origin seconds off).
    expect(clockSeconds(length)).toBeGreaterThanOrEqual(shownSeconds - 1);
    expect(clockSeconds(length)).toBeLessThanOrEqual(
      shownSeconds + (Date.now() - shownAtMs) / 1000 + 1,
    );

    await page.reload();
    await listening(page);
    await page.click('[data-testid="open-takes"]');
    const row = `${TAKES} [data-testid="take-row"]`;
    await poll(() => page.count(row)).toBe(1);
    await expect(page.text(row)).resolves.toContain(`Tuner · ${length} ·`);
    await expect(page.text(`${TAKES} [data-testid="take-notes"]`)).resolves.toMatch(/^(B4 ?)+/);
    await atRest(page, row); // the takes screen has finished sliding in
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

  it('a take exported (its JSON, CSV and audio), deleted and imported again plays back with its trace', async () => {
    const { page } = engine();
    // The take recorded above, in the takes list.
    await page.goto('/home/tuner');
    await listening(page);
    await page.click('[data-testid="open-takes"]');
    await poll(() => page.count(`${TAKES} [data-testid="take-row"]`)).toBe(1);
    await keepDownloads(page); // the player's saved files (downloads.ts)
    await page.click(`${TAKES} [data-testid="export-take"]`);
    const savedNames = () =>
      page.evaluate(() =>
        (globalThis as unknown as { __saved: { name: string }[] }).__saved
          .map((f) => f.name)
          .sort(),
      );
    await poll(async () => (await savedNames()).length).toBe(3);
    const names = await savedNames();
    expect(names[0]).toMatch(/^embouchure-take-[\d-]+\.csv$/);
    expect(names[1]).toMatch(/^embouchure-take-[\d-]+\.json$/);
    expect(names[2]).toMatch(/^embouchure-take-[\d-]+\.(webm|ogg|mp4|m4a|wav)$/);
    const summary = await page.evaluate(async () => {
      const files = (globalThis as unknown as { __saved: File[] }).__saved;
      const json = files.find((f) => f.name.endsWith('.json'));
      const parsed = JSON.parse(json ? await json.text() : '{}') as {
        format?: string;
        readings?: { rows: unknown[] };
      };
      const audio = files.find((f) => !/\.(json|csv)$/.test(f.name));
      return {
        format: parsed.format,
        rows: parsed.readings?.rows.length ?? 0,
        audioBytes: audio?.size,
      };
    });
    expect(summary.format).toBe('embouchure-take');
    expect(summary.rows).toBeGreaterThan(10);
    expect(summary.audioBytes).toBeGreaterThan(1000);

    await page.click(`${TAKES} [data-testid="delete-all-takes"]`);
    await page.click('ion-alert button', 'Delete');
    const row = `${TAKES} [data-testid="take-row"]`;
    await poll(() => page.count(row)).toBe(0);
    // The player picks the JSON and the audio file (a file chooser is not reachable over
    // WebDriver: the files reach the app's input as the chooser would hand them over).
    const given = await page.evaluate(() => {
      const input = Array.from(
        document.querySelectorAll<HTMLInputElement>('[data-testid="import-take-input"]'),
      ).find((e) => !e.closest('.overlay-hidden'));
      if (!input) return false;
      const transfer = new DataTransfer();
      for (const file of (globalThis as unknown as { __saved: File[] }).__saved) {
        if (!file.name.endsWith('.csv')) transfer.items.add(file);
      }
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    });
    expect(given).toBe(true);
    await poll(() => page.count(row)).toBe(1);
    await poll(
      async () => (await page.text(`${TAKES} [data-testid="takes-notice"]`)) ?? '',
    ).toMatch(/^Imported/);
    await page.click(`${TAKES} [data-testid="play-take"]`);
    const trace = `${TAKES} [data-testid="take-trace"]`;
    await poll(async () => (await page.attribute(trace, 'data-notes')) ?? '').toMatch(/^B4( B4)*$/);
    const player = `${TAKES} [data-testid="take-player"]`;
    await poll(async () =>
      Number(await page.attribute(player, 'data-duration-ms')),
    ).toBeGreaterThan(3500);
    expect(page.pageErrors).toEqual([]);
  });
});
