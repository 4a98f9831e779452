import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPerformance, RENDER_RATE, type PlayedNote } from '../bench/performance-render';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioDir, projectRoot } from './browser';
import { synthWavDir, writeWav16 } from './synth-wav';
import { WAIT_MS } from './wait';

/**
 * Issue 25: a take recorded while practising a piece remembers the piece and the verdicts of the
 * pass judged while it recorded; the take's view shows the piece's name, the pass's score and the
 * one thing to fix (or that it was clean). The fake microphone plays the part, rendered from the
 * corpus's real trumpet notes (as e2e/pieces.e2e.ts does).
 */
const QPM = 100;
const BEAT_MS = 60_000 / QPM;
/** Written pitch for the B♭ trumpet: C5 D5 E5 F5 | G5 F5 E5 D5, quarters. */
const WRITTEN_MIDI = [72, 74, 76, 77, 79, 77, 76, 74];
const STEPS = ['C', 'D', 'E', 'F', 'G', 'F', 'E', 'D'];

function partXml(): string {
  const bar = (i: number) =>
    `<measure number="${i + 1}">${
      i === 0
        ? `<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef><transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose></attributes><sound tempo="${QPM}"/>`
        : ''
    }${STEPS.slice(i * 4, i * 4 + 4)
      .map(
        (step) =>
          `<note><pitch><step>${step}</step><octave>5</octave></pitch><duration>1</duration><type>quarter</type></note>`,
      )
      .join('')}</measure>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Take Song</work-title></work>
<part-list><score-part id="P1"><part-name>Trumpet in B♭</part-name></score-part></part-list>
<part id="P1">${bar(0)}${bar(1)}</part></score-partwise>`;
}

const dir = synthWavDir('pieces-take');
const wav = join(dir.path, 'take-song.wav');
const piece = join(dir.path, 'Take Song.musicxml');
{
  writeFileSync(piece, partXml());
  // Concert pitch (written − 2), 2 s of silence around it; the fake microphone loops it.
  const played: PlayedNote[] = WRITTEN_MIDI.map((midi, i) => ({
    midi: midi - 2,
    onsetMs: 2000 + i * BEAT_MS,
    durationMs: BEAT_MS - 60,
  }));
  writeWav16(
    wav,
    RENDER_RATE,
    renderPerformance(audioDir(), played, { lengthMs: 2000 + 8 * BEAT_MS + 2000 }),
  );
}

const browser = sharedBrowser({ wav, viewport: { width: 390, height: 844 } });
const { page } = browser;
const view = (p: Page) => activePage(p);

async function shot(name: string): Promise<void> {
  const out = join(projectRoot, '.scratch', 'pieces-take-shots');
  mkdirSync(out, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      )
      .toBe(scheme === 'dark');
    await page.screenshot({ path: join(out, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('a take of a piece', () => {
  afterAll(() => dir.remove());
  it('remembers the piece and the verdicts of the pass judged while it recorded', async () => {
    await page.goto(appUrl('/home/pieces'));
    await view(page).getByTestId('import-piece-input').setInputFiles(piece);
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(8);
    // Record, then practise: the take runs through the whole pass.
    await view(page).getByTestId('practice-start').click();
    const record = view(page).getByTestId('record-button');
    await record.waitFor({ timeout: WAIT_MS });
    await record.click();
    await expect
      .poll(() => record.getAttribute('data-state'), { timeout: WAIT_MS })
      .toBe('recording');
    await view(page).getByTestId('piece-results').waitFor({ timeout: 60_000 });
    const counts = (await view(page).getByTestId('verdict-counts').textContent()) ?? '';
    await record.click();
    await expect
      .poll(() => view(page).getByTestId('record-message').textContent(), { timeout: WAIT_MS })
      .toMatch(/^Take saved/);

    await view(page).getByTestId('open-takes').click();
    const modal = page.locator('ion-modal[data-testid="takes-modal"]');
    await expect.poll(() => modal.getByTestId('take-row').count()).toBe(1);
    expect(await modal.getByTestId('take-row').textContent()).toMatch(/Piece: Take Song/);
    await modal.getByTestId('play-take').click();
    const summary = modal.getByTestId('take-piece');
    await summary.waitFor({ timeout: WAIT_MS });
    expect(await summary.locator('h3').textContent()).toBe('Piece: Take Song');
    const attempt = summary.getByTestId('take-piece-attempt');
    expect(await attempt.count()).toBe(1);
    const text = (await attempt.textContent()) ?? '';
    // The pass's score, its 8 verdicts (the counts the practice screen showed) and what to fix.
    expect(text).toMatch(/^0:\d\d · \d+\/100 \(pitch \d+, timing \d+, steadiness \d+\)/);
    expect(text).toMatch(/8 notes: \d+ played, \d+ wrong/);
    const played = /(\d+) played/.exec(counts)?.[1];
    expect(text).toContain(`${played} played`);
    expect(await summary.getByTestId('take-piece-fix').textContent()).toMatch(
      /^(Fix first: .+|Clean: nothing to fix\.)$/,
    );
    await summary.scrollIntoViewIfNeeded();
    await shot('take-of-piece');
  });
});
