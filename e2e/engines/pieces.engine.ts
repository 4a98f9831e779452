import { describe, expect, it } from 'vitest';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, poll, shotPath } from './helpers';

/**
 * The pieces library (docs/pieces.md): a MusicXML part for B♭ trumpet imported from a file is
 * listed, opened and every note drawn on the staff (VexFlow in this engine's SVG and fonts).
 */
const engine = engineFixture();

/** Written pitches of the part, quarters: [step, alter, octave, quarters]. */
const NOTES: readonly (readonly [string, number, number, number])[] = [
  ['C', 0, 5, 1],
  ['D', 0, 5, 1],
  ['E', 0, 5, 1],
  ['F', 1, 5, 1],
  ['G', 0, 5, 2],
  ['E', 0, 5, 2],
  ['C', 0, 5, 4],
];

function partXml(): string {
  const type: Record<number, string> = { 1: 'quarter', 2: 'half', 4: 'whole' };
  const notes = NOTES.map(
    ([step, alter, octave, q]) =>
      `<note><pitch><step>${step}</step>${alter ? `<alter>${alter}</alter>` : ''}<octave>${octave}</octave></pitch><duration>${4 * q}</duration><type>${type[q]}</type></note>`,
  );
  const measures = [notes.slice(0, 4), notes.slice(4, 6), notes.slice(6)].map(
    (m, i) =>
      `<measure number="${i + 1}">${
        i === 0
          ? '<attributes><divisions>4</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef><transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose></attributes>'
          : ''
      }${m.join('')}</measure>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Engine Song</work-title></work>
<part-list><score-part id="P1"><part-name>Trumpet in B♭</part-name></score-part></part-list>
<part id="P1">${measures.join('\n')}</part></score-partwise>`;
}

describe(`pieces (${engineName()})`, () => {
  it('a MusicXML file imported into the library opens with every note drawn', async () => {
    const { page } = engine();
    await page.goto('/home/pieces');
    await poll(() => page.count(`${ACTIVE} [data-testid="piece-library"]`)).toBe(1);
    // The player picks the file (a file chooser is not reachable over WebDriver: the file reaches
    // the app's input as the chooser would hand it over).
    const given = await page.evaluate((xml: string) => {
      const input = Array.from(
        document.querySelectorAll<HTMLInputElement>('[data-testid="import-piece-input"]'),
      ).find((e) => !e.closest('.ion-page-hidden'));
      if (!input) return false;
      const transfer = new DataTransfer();
      transfer.items.add(new File([xml], 'Engine Song.musicxml', { type: 'application/xml' }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }, partXml());
    expect(given).toBe(true);
    await poll(() => page.count(`${ACTIVE} [data-testid="piece-practice"]`)).toBe(1);
    await poll(() => page.count(`${ACTIVE} [data-testid="staff-note"]`)).toBe(NOTES.length);
    expect(await page.text(`${ACTIVE} [data-testid="piece-title"]`)).toBe('Engine Song');
    await page.screenshot(shotPath(page, 'piece'));
    expect(page.pageErrors).toEqual([]);
  });
});
