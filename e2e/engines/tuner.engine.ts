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

/** One state of the reading as shown, with the stream's audio time when it changed. */
interface Shown {
  note: string;
  concert: string;
  cents: string;
  /** The stream's latest reading then, ms on the audio clock: how much sound had been heard. */
  audioMs: number;
}

/** Starts logging every change of the reading (a MutationObserver: nothing missed between polls). */
function logReadings(page: EnginePage): Promise<void> {
  return page.evaluate(() => {
    const element = Array.from(
      document.querySelectorAll<HTMLElement>('[data-testid="tuner-reading"]'),
    ).find((e) => e.getBoundingClientRect().width > 0);
    if (!element) throw new Error('no tuner reading on the page');
    type Hook = { reading: { get(): { timeMs: number } } };
    const service = (globalThis as unknown as { __embouchurePitchService?: Hook })
      .__embouchurePitchService;
    const log: Shown[] = [];
    (globalThis as unknown as { __engineLog: typeof log }).__engineLog = log;
    const take = () =>
      log.push({
        note: element.dataset.note ?? '',
        concert: element.dataset.concertNote ?? '',
        cents: element.dataset.cents ?? '',
        audioMs: service?.reading.get().timeMs ?? Number.NaN,
      });
    new MutationObserver(take).observe(element, { attributes: true });
  });
}
const readingLog = (page: EnginePage) =>
  page.evaluate(() => (globalThis as unknown as { __engineLog: Shown[] }).__engineLog);

/**
 * The median of the cents shown, each weighed by how much sound it stood for (until the next
 * change, on the audio clock). Counting changes instead over-weighs each loop's attack and
 * release, where the display changes most: Bb3 read +6.4 ¢ once that way (truth −0.3 ¢).
 */
function shownMedianCents(log: readonly Shown[], written: string): number {
  const weighted = shownCents(log, written).sort((a, b) => a.cents - b.cents);
  const half = weighted.reduce((sum, w) => sum + w.ms, 0) / 2;
  let run = 0;
  for (const w of weighted) {
    run += w.ms;
    if (run >= half) return w.cents;
  }
  return Number.NaN;
}

/** Each shown value of `written` with how much sound it stood for (ms, audio clock). */
function shownCents(log: readonly Shown[], written: string): { cents: number; ms: number }[] {
  const weighted: { cents: number; ms: number }[] = [];
  for (let i = 0; i + 1 < log.length; i++) {
    const { note, cents, audioMs } = log[i];
    const ms = log[i + 1].audioMs - audioMs;
    if (note === written && cents !== '' && ms > 0) weighted.push({ cents: Number(cents), ms });
  }
  return weighted;
}

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
      // Enough sound of the note shown (over several of its 1.3 s loops) to judge its cents.
      await poll(
        async () => shownCents(await readingLog(page), written).reduce((ms, w) => ms + w.ms, 0),
        `8 s of written ${written} shown`,
      ).toBeGreaterThanOrEqual(8000);
      const log = await readingLog(page);
      const shown = log.filter((r) => r.note !== '');
      const ofNote = shown.filter((r) => r.note === written);
      // Hardly anything else is shown (the attack and release of each loop may flicker).
      expect(ofNote.length / shown.length).toBeGreaterThan(0.9);
      expect(ofNote[0]?.concert).toBe(note.name);
      const truthCents =
        1200 * Math.log2((note.bent_measured_hz ?? note.measured_hz) / note.nominal_hz);
      const cents = shownMedianCents(log, written);
      console.log(
        `engines: tuner ${file}: median ${cents.toFixed(1)} ¢ of ${ofNote.length} shown, ` +
          `truth ${truthCents.toFixed(1)} ¢`,
      );
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
