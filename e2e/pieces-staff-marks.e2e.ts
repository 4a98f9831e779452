import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, projectRoot } from './browser';
import { WAIT_MS } from './wait';

/**
 * Issue 25: what a part prints is drawn on the piece's staff: the clef it is in (a bass-clef part,
 * a change to treble mid-part), repeat signs and endings, and the bar the player comes back to
 * marked "2nd time" (the staff is in playing order, each pass drawn as printed).
 */
const quarters = (octave: number, ...steps: string[]) =>
  steps
    .map(
      (step) =>
        `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>1</duration><type>quarter</type></note>`,
    )
    .join('');
const barline = (location: string, inner: string) =>
  `<barline location="${location}">${inner}</barline>`;
const clef = (sign: string, line: number) =>
  `<attributes><clef><sign>${sign}</sign><line>${line}</line></clef></attributes>`;

const PART = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Marks</work-title></work>
<part-list><score-part id="P1"><part-name>Trumpet</part-name></score-part></part-list>
<part id="P1">
<measure number="1"><attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>F</sign><line>4</line></clef></attributes><sound tempo="100"/>${quarters(3, 'C', 'D', 'E', 'F')}</measure>
<measure number="2">${barline('left', '<repeat direction="forward"/>')}${quarters(3, 'G', 'A', 'B', 'G')}</measure>
<measure number="3">${barline('left', '<ending number="1" type="start"/>')}${quarters(3, 'F', 'E', 'D', 'C')}${barline('right', '<ending number="1" type="stop"/><repeat direction="backward"/>')}</measure>
<measure number="4">${barline('left', '<ending number="2" type="start"/>')}${clef('G', 2)}${quarters(4, 'C', 'E', 'G', 'E')}${barline('right', '<ending number="2" type="stop"/>')}</measure>
<measure number="5">${quarters(4, 'C', 'D', 'E', 'C')}</measure>
</part></score-partwise>`;

const browser = sharedBrowser({ mic: 'none', viewport: { width: 390, height: 844 } });
const { page } = browser;

describe('the piece staff draws clefs, repeats and endings', () => {
  it('as printed, on each pass, with the bar played again marked', async () => {
    await page.goto(appUrl('/home/pieces'));
    const view = activePage(page);
    await view.getByTestId('import-piece-input').setInputFiles({
      name: 'Marks.musicxml',
      mimeType: 'application/vnd.recordare.musicxml+xml',
      buffer: Buffer.from(PART),
    });
    // Played out: 1 2 3 2 4 5 → 24 notes.
    await expect.poll(() => view.getByTestId('staff-note').count(), { timeout: WAIT_MS }).toBe(24);
    const marks = async () =>
      (
        await view
          .locator('.score-line')
          .evaluateAll((lines) => lines.map((l) => (l as HTMLElement).dataset.marks ?? ''))
      )
        .filter(Boolean)
        .join('; ');
    // Each bar drawn, in playing order, with what it prints ("3: repeat-end, ending 1.").
    const bars = (await marks()).split('; ').map((entry) => {
      const [number, said] = entry.split(': ');
      return { number, said: said.split(', ') };
    });
    expect(bars.map((b) => b.number)).toEqual(['1', '2', '3', '2', '4']);
    expect(bars[0].said).toContain('clef bass');
    expect(bars[1].said).toContain('repeat-start');
    expect(bars[2].said).toEqual(expect.arrayContaining(['repeat-end', 'ending 1.']));
    expect(bars[3].said).toEqual(expect.arrayContaining(['repeat-start', '2nd time']));
    expect(bars[4].said).toEqual(expect.arrayContaining(['ending 2.', 'clef treble']));
    expect(bars[3].said).not.toContain('clef treble');
    // The words are drawn: the endings' numbers and "2nd time" are text in the SVG.
    const texts = await view.locator('.score-line svg text').allTextContents();
    expect(texts).toEqual(expect.arrayContaining(['1.', '2.', '2nd time']));

    const shots = join(projectRoot, '.scratch', 'pieces-staff-marks-shots');
    mkdirSync(shots, { recursive: true });
    await view.getByTestId('staff-scroller').evaluate((e) => e.scrollIntoView());
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect
        .poll(() =>
          page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
        )
        .toBe(scheme === 'dark');
      await page.screenshot({ path: join(shots, `staff-marks-${scheme}.png`) });
      // The next two lines: the end of the first time, the way back, the second ending.
      await view.getByTestId('staff-scroller').evaluate((e) => e.scrollTo({ top: 260 }));
      await page.screenshot({ path: join(shots, `staff-marks-repeat-${scheme}.png`) });
      await view.getByTestId('staff-scroller').evaluate((e) => e.scrollTo({ top: 0 }));
    }
  });
});
