import { afterAll, describe, expect, it } from 'vitest';
import { brassTone, synthWavDir, writeSynthWav } from '../synth-wav';
import { chooseSavedFile, keepDownloads, savedNames, savedText } from './downloads';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, poll, startLongToneA4 } from './helpers';

/**
 * The history as a player uses it after practising (src/history/): a long tone on written A4
 * played into the virtual microphone and saved, then in the History tab its row opens the
 * attempt's per-note review; Export JSON saves the whole history, which after "Clear all" an
 * import brings back, to be reviewed again.
 */
const RATE = 44100;
const wavs = synthWavDir('engines-history');
afterAll(() => wavs.remove());

/** Concert G4 (written A4) for 2.5 s with 10 ms fades, then 0.7 s of breath; looping. */
function heldG4(): string {
  const tone = brassTone(392, RATE);
  const noteSamples = 2.5 * RATE;
  return writeSynthWav(
    wavs.path,
    'g4-held.wav',
    3.2,
    (i) => (i < noteSamples ? tone(i) * Math.min(1, i / 441, (noteSamples - i) / 441) : 0),
    RATE,
  );
}

const engine = engineFixture((e) => e.hear(heldG4()));

const DETAILS = `${ACTIVE} [data-testid="attempt-details"]`;
const ROW = `${ACTIVE} [data-testid="attempt-row"]`;

/** The review's rows as the player reads them: note, score, how far off. */
const reviewRows = () =>
  engine().page.evaluate((selector: string) => {
    const details = document.querySelector(selector);
    return Array.from(details?.querySelectorAll('[data-testid="attempt-note"]') ?? []).map((row) =>
      Array.from(row.querySelectorAll('td')).map((td) => td.textContent ?? ''),
    );
  }, DETAILS);

/** "+3.5 ¢", "−12.0 ¢", "±0.0 ¢" → signed cents. */
const cents = (text: string): number =>
  Number(text.replace('−', '-').replace('±', '').replace(' ¢', ''));

describe(`history review and export (${engineName()})`, () => {
  let score = '';

  it('a saved long tone opens from its history row into its per-note review', async () => {
    const { page } = engine();
    await startLongToneA4(page);
    await poll(() => page.count(`${ACTIVE} [data-testid="results"]`)).toBe(1);
    await poll(() => page.text(`${ACTIVE} [data-testid="save-message"]`)).toBe(
      'Saved to your history.',
    );
    score = (await page.text(`${ACTIVE} [data-testid="results"] [data-testid="score"]`)) ?? '';
    expect(Number(score)).toBeGreaterThanOrEqual(60); // in tune (exercise.engine.ts)

    await page.click(`${ACTIVE} [data-testid="tab-history"]`);
    await poll(() => page.count(ROW)).toBe(1);
    await expect(page.text(ROW)).resolves.toMatch(new RegExp(`^Long tones · ${score}/100 · `));
    expect(await page.count(DETAILS)).toBe(0);
    await page.click(`${ROW} [data-testid="open-attempt"]`);
    await poll(() => page.count(DETAILS)).toBe(1);
    await expect(page.text(`${DETAILS} h4`)).resolves.toMatch(
      new RegExp(`^Long tones · ${score}/100 · `),
    );
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    const [name, noteScore, off] = rows[0] ?? [];
    expect(name).toBe('A4');
    expect(Number(noteScore)).toBeGreaterThanOrEqual(60);
    // The synthetic G4 is exactly in tune: the review says how far off the player was.
    expect(off).toMatch(/^[+−±]\d+\.\d ¢$/);
    expect(Math.abs(cents(off ?? ''))).toBeLessThanOrEqual(5);

    await page.click(`${DETAILS} [data-testid="close-attempt"]`);
    await poll(() => page.count(DETAILS)).toBe(0);
    expect(page.pageErrors).toEqual([]);
  });

  it('Export JSON saves the history; cleared and imported again, the attempt reviews the same', async () => {
    const { page } = engine();
    await engine().silence();
    await poll(() => page.count(ROW)).toBe(1);
    await keepDownloads(page);
    await page.click(`${ACTIVE} [data-testid="export"]`);
    await poll(() => savedNames(page)).toHaveLength(1);
    const [fileName = ''] = await savedNames(page);
    expect(fileName).toMatch(/^embouchure-history-\d{4}-\d{2}-\d{2}\.json$/);
    await poll(
      async () => (await page.text(`${ACTIVE} [data-testid="export-message"]`)) ?? '',
    ).toMatch(new RegExp(`^Downloaded ${fileName} \\(1 (exercise )?attempt[;)]`));
    const raw = (await savedText(page, fileName)) ?? '';
    const exported = JSON.parse(raw || '{}') as {
      format?: string;
      attempts?: { exercise: string; score: number; notes: { name: string }[] }[];
    };
    expect(exported.format).toBe('embouchure-history');
    expect(exported.attempts).toHaveLength(1);
    expect(exported.attempts?.[0]?.exercise).toBe('long-tones');
    expect(String(exported.attempts?.[0]?.score)).toBe(score);
    expect(exported.attempts?.[0]?.notes.map((n) => n.name)).toEqual(['A4']);
    const before = await (async () => {
      await page.click(`${ROW} [data-testid="open-attempt"]`);
      await poll(() => page.count(DETAILS)).toBe(1);
      const rows = await reviewRows();
      await page.click(`${DETAILS} [data-testid="close-attempt"]`);
      return rows;
    })();

    await page.click(`${ACTIVE} [data-testid="clear-history"]`);
    await page.click(`${ACTIVE} [data-testid="confirm-clear"]`);
    await poll(() => page.count(`${ACTIVE} [data-testid="history-empty"]`)).toBe(1);
    // After a reload the Undo is gone: only the exported file can bring the attempt back.
    await page.reload();
    await page.click(`${ACTIVE} [data-testid="tab-history"]`);
    await poll(() => page.count(`${ACTIVE} [data-testid="history-empty"]`)).toBe(1);
    await keepDownloads(page);
    // The player picks the exported file (no file chooser over WebDriver: handed to the input).
    await page.evaluate(
      (name: string, text: string) => {
        const saved = ((globalThis as unknown as { __saved: File[] }).__saved ??= []);
        saved.push(new File([text], name, { type: 'application/json' }));
      },
      fileName,
      raw,
    );
    await expect(
      chooseSavedFile(page, `${ACTIVE} [data-testid="import-file"]`, fileName),
    ).resolves.toBe(true);
    await poll(
      async () => (await page.text(`${ACTIVE} [data-testid="import-message"]`)) ?? '',
    ).toMatch(/^Imported 1 new attempt \(0 already here\)\./);
    await poll(() => page.count(ROW)).toBe(1);
    await expect(page.text(ROW)).resolves.toMatch(new RegExp(`^Long tones · ${score}/100 · `));
    await page.click(`${ROW} [data-testid="open-attempt"]`);
    await poll(() => page.count(DETAILS)).toBe(1);
    expect(await reviewRows()).toEqual(before);
    expect(page.pageErrors).toEqual([]);
  });
});
