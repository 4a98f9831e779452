import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { audioDir, audioFile } from '../paths';
import { brassTone, synthWavDir, writeSynthWav } from '../synth-wav';
import type { EnginePage } from './engine-page';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll, shotPath } from './helpers';

/**
 * The tuner as a player hears it: corpus notes played into the virtual microphone, read by the
 * production build's worklet and engine in this engine's Web Audio (its own sample rate and
 * scheduling). Expected notes and cents come from the corpus' truth.json.
 */
interface TruthNote {
  name: string;
  nominal_hz: number;
  measured_hz: number;
  bent_measured_hz?: number;
}
const truth = JSON.parse(readFileSync(`${audioDir()}/truth.json`, 'utf8')) as {
  files: { file: string; notes: TruthNote[] }[];
};
const truthOf = (file: string): TruthNote => {
  const note = truth.files.find((f) => f.file === file)?.notes[0];
  if (!note) throw new Error(`${file} is not in truth.json`);
  return note;
};

/** Concert file → the written note on the default B♭ trumpet (a major second up). */
const CASES = [
  { file: 'clean/sr48000/tpt_n058_Bb3.wav', written: 'C4' },
  { file: 'clean/sr44100/tpt_n065_F4_v110.wav', written: 'G4' },
  { file: 'detuned/sr44100/tpt_n074_D5_+35c.wav', written: 'E5' },
];

const engine = engineFixture();

/** Starts logging every change of the reading (a MutationObserver: nothing missed between polls). */
function logReadings(page: EnginePage): Promise<void> {
  return page.evaluate(() => {
    const element = Array.from(
      document.querySelectorAll<HTMLElement>('[data-testid="tuner-reading"]'),
    ).find((e) => e.getBoundingClientRect().width > 0);
    if (!element) throw new Error('no tuner reading on the page');
    const log: { note: string; concert: string; cents: string }[] = [];
    (globalThis as unknown as { __engineLog: typeof log }).__engineLog = log;
    const take = () =>
      log.push({
        note: element.dataset.note ?? '',
        concert: element.dataset.concertNote ?? '',
        cents: element.dataset.cents ?? '',
      });
    new MutationObserver(take).observe(element, { attributes: true });
  });
}
const readingLog = (page: EnginePage) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { __engineLog: { note: string; concert: string; cents: string }[] })
        .__engineLog,
  );
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

describe(`tuner (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it.each(CASES)(
    'reads $file as written $written with the cents of the truth',
    async ({ file, written }) => {
      const { page } = engine();
      const note = truthOf(file);
      engine().hear(audioFile(file));
      await page.goto('/home/tuner');
      await listening(page);
      await logReadings(page);
      // Enough readings of the note (over several of its 1.3 s loops) to judge its cents.
      await poll(
        async () =>
          (await readingLog(page)).filter((r) => r.note === written && r.cents !== '').length,
        `readings of written ${written}`,
      ).toBeGreaterThanOrEqual(25);
      const log = await readingLog(page);
      const shown = log.filter((r) => r.note !== '');
      const ofNote = shown.filter((r) => r.note === written);
      // Hardly anything else is shown (the attack and release of each loop may flicker).
      expect(ofNote.length / shown.length).toBeGreaterThan(0.9);
      expect(ofNote[0]?.concert).toBe(note.name);
      const truthCents =
        1200 * Math.log2((note.bent_measured_hz ?? note.measured_hz) / note.nominal_hz);
      const cents = median(ofNote.filter((r) => r.cents !== '').map((r) => Number(r.cents)));
      expect(Math.abs(cents - truthCents)).toBeLessThanOrEqual(6);
      if (written === 'G4') await page.screenshot(shotPath(page, 'tuner'));
      expect(page.pageErrors).toEqual([]);
    },
  );
});

const wavs = synthWavDir('engines-a4');
afterAll(() => wavs.remove());

const storedA4 = (page: EnginePage) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('embouchure.settings.v1') ?? '{}') as { a4Hz?: number })
        .a4Hz ?? null,
  );

describe(`A4 from a heard note (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it('Listen for A4 hears a steady 442 Hz A (written B4) and sets A4 = 442 Hz', async () => {
    const { page } = engine();
    // 4 s of a brass-like 442 Hz tone, looping: the player holding their A.
    engine().hear(writeSynthWav(wavs.path, 'a442.wav', 4, brassTone(442, 44100), 44100));
    await page.goto('/home/tuner');
    await listening(page);
    await page.click(`${ACTIVE} [data-testid="listen-open"]`);
    await poll(() => page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-note')).toBe(
      'B4',
    );
    await page.click(`${ACTIVE} [data-testid="listen-a4"]`);
    const message = `${ACTIVE} [data-testid="listen-a4-message"]`;
    await poll(async () => (await page.text(message)) ?? '').toMatch(
      /Heard a steady A4 at 44[12]\.\d Hz/,
    );
    await page.click(`${ACTIVE} [data-testid="listen-a4-confirm"]`);
    await poll(() => storedA4(page)).not.toBeNull();
    expect(Math.abs(((await storedA4(page)) ?? 0) - 442)).toBeLessThanOrEqual(0.5);
    // At A4 = 442 the same note reads within a few cents of 0.
    await poll(async () =>
      Math.abs(
        Number(await page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-cents')),
      ),
    ).toBeLessThan(3);
    expect(page.pageErrors).toEqual([]);
  });
});
