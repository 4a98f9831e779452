import { readFile, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPerformance, RENDER_RATE, type PlayedNote } from '../bench/performance-render';
import { parseMusicXml } from '../src/music';
import { assignmentJson, assignmentLink } from '../src/pieces/assignment';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioDir, baseUrl } from './browser';
import { expectAccessible, historyFile, smallTargets } from './a11y-helpers';
import { synthWavDir, writeWav16 } from './synth-wav';

/**
 * Issue 25, the pieces library: a MusicXML part written here is imported and every note drawn;
 * a recording of it (rendered from the corpus's real trumpet notes, as the assessor's bench does)
 * is graded in the browser and the verdicts coloured on the staff, a tapped note explained, the
 * results exported as the assessor's JSON; a malformed file is refused with the reason and
 * nothing stored is touched; an assignment link opens its practice screen. With
 * PIECES_SHOTS=<dir>, 390x844 screenshots light and dark of the library, a piece, practice and
 * results.
 */
const QPM = 100;
const BEAT_MS = 60_000 / QPM;
/** Written pitch (B♭ trumpet part), quarters: [step, alter, octave, quarters]. */
const MELODY: readonly (readonly [string, number, number, number])[][] = [
  [
    ['C', 0, 5, 1],
    ['D', 0, 5, 1],
    ['E', 0, 5, 1],
    ['F', 0, 5, 1],
  ],
  [
    ['G', 0, 5, 2],
    ['E', 0, 5, 1],
    ['C', 0, 5, 1],
  ],
  [
    ['D', 0, 5, 1],
    ['F', 1, 5, 1],
    ['E', 0, 5, 1],
    ['D', 0, 5, 1],
  ],
  [['C', 0, 5, 4]],
];
const NOTE_COUNT = MELODY.flat().length;
const STEP_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

function melodyXml(measures: readonly (readonly [string, number, number, number])[][]): string {
  const type: Record<number, string> = { 1: 'quarter', 2: 'half', 4: 'whole' };
  const body = measures
    .map(
      (notes, i) =>
        `<measure number="${i + 1}">${
          i === 0
            ? `<attributes><divisions>4</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef><transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose></attributes><sound tempo="${QPM}"/>`
            : ''
        }${notes
          .map(
            ([step, alter, octave, q]) =>
              `<note><pitch><step>${step}</step>${alter ? `<alter>${alter}</alter>` : ''}<octave>${octave}</octave></pitch><duration>${4 * q}</duration><type>${type[q]}</type></note>`,
          )
          .join('')}</measure>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Test Song</work-title></work>
<part-list><score-part id="P1"><part-name>Trumpet in B♭</part-name></score-part></part-list>
<part id="P1">${body}</part></score-partwise>`;
}

/** The melody played (concert pitch = written − 2), from `leadMs`; `wrong` replaces notes' MIDI. */
function performance(leadMs: number, wrong: Record<number, number> = {}): PlayedNote[] {
  const out: PlayedNote[] = [];
  let beat = 0;
  MELODY.flat().forEach(([step, alter, octave, q], i) => {
    const written = 12 * (octave + 1) + STEP_SEMITONES[step] + alter;
    out.push({
      midi: wrong[i] ?? written - 2,
      onsetMs: leadMs + beat * BEAT_MS,
      durationMs: q * BEAT_MS - 60,
    });
    beat += q;
  });
  return out;
}

const view = (page: Page) => activePage(page);

async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.PIECES_SHOTS;
  if (!out) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The app's theme follows the system (settings-screen/theme.ts): wait for it, then a frame.
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      )
      .toBe(colorScheme === 'dark');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await page.screenshot({ path: join(out, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('pieces library', () => {
  const dir = synthWavDir('pieces');
  const files = {
    piece: join(dir.path, 'Test Song.musicxml'),
    long: join(dir.path, 'Long Study.musicxml'),
    broken: join(dir.path, 'Broken.musicxml'),
    clean: join(dir.path, 'clean take.wav'),
    wrong: join(dir.path, 'wrong note take.wav'),
  };

  beforeAll(async () => {
    writeFileSync(files.piece, melodyXml(MELODY));
    writeFileSync(
      files.long,
      melodyXml(Array.from({ length: 25 }, () => MELODY).flat()).replace('Test Song', 'Long'),
    );
    writeFileSync(files.broken, '<score-partwise version="4.0"><part-list><score-part id="P1">');
    writeWav16(files.clean, RENDER_RATE, renderPerformance(audioDir(), performance(800)));
    // Note 5 (the half-note G) held a whole tone low: a wrong note.
    writeWav16(
      files.wrong,
      RENDER_RATE,
      renderPerformance(audioDir(), performance(800, { 4: 12 * 6 + 7 - 2 - 2 })),
    );
  });
  afterAll(() => dir.remove());
  const browser = sharedBrowser({ mic: 'none', viewport: { width: 390, height: 844 } });

  it('imports a part and draws every note; a 100-measure part shows its first line within 1 s', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/pieces'));
    await view(page).getByTestId('piece-library').waitFor();
    await shot(page, 'pieces-library-empty');
    await view(page).getByTestId('import-piece-input').setInputFiles(files.piece);
    await view(page).getByTestId('piece-practice').waitFor();
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(NOTE_COUNT);
    expect(await view(page).getByTestId('piece-title').textContent()).toBe('Test Song');
    await shot(page, 'pieces-piece');

    await view(page).getByTestId('pieces-back').click();
    const started = Date.now();
    await view(page).getByTestId('import-piece-input').setInputFiles(files.long);
    await view(page).locator('[data-testid="staff-note"]').first().waitFor();
    const firstLineMs = Date.now() - started;
    console.log(`100-measure part: first line drawn ${firstLineMs} ms after choosing the file`);
    expect(firstLineMs).toBeLessThan(1000);
    // The rest is drawn in batches after the first lines.
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(25 * NOTE_COUNT);
    // W9: every line exactly 130 px from the last, so a page turn far into the piece shows
    // whole lines (the drift of a few px a line showed the line above's noteheads and cut the
    // line below off by line 13).
    const lines = await view(page)
      .locator('.score-line')
      .evaluateAll((els) =>
        els.map((el) => [(el as HTMLElement).offsetTop, el.getBoundingClientRect().height]),
      );
    expect(lines.length).toBeGreaterThan(12);
    lines.forEach(([top, height], i) => {
      expect(height).toBe(130);
      expect(top).toBe(i * 130);
    });
    const scroller = view(page).getByTestId('staff-scroller');
    expect(await scroller.evaluate((el) => el.clientHeight)).toBe(260);
    await view(page).getByTestId('pieces-back').click();
    await expect.poll(() => view(page).getByTestId('piece-item').count()).toBe(2);
    await shot(page, 'pieces-library');
    expect(await smallTargets(page), 'library').toEqual([]);
    await expectAccessible(page, 'pieces library');
  });

  it('opens a bundled study from the library, drawn in full', async () => {
    const { page } = browser;
    const study = view(page).getByTestId('study-item').first();
    const title = (await study.locator('h3').textContent()) ?? '';
    await study.click();
    await expect.poll(() => view(page).getByTestId('piece-title').textContent()).toBe(title);
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBeGreaterThan(4);
    await view(page).getByTestId('pieces-back').click();
    // A study is not one of "your pieces".
    await expect.poll(() => view(page).getByTestId('piece-item').count()).toBe(2);
  });

  it('asks which part of a two-part file, and takes a file dropped on the screen', async () => {
    const { page } = browser;
    const twoParts = melodyXml(MELODY)
      .replace(
        '</part-list>',
        '<score-part id="P2"><part-name>Horn in F</part-name></score-part></part-list>',
      )
      .replace('</score-partwise>', '')
      .concat(`<part id="P2">${melodyXml(MELODY.slice(0, 2)).split('<part id="P1">')[1]}`);
    // Dropped (desktop): the same import as the file picker.
    await view(page)
      .getByTestId('piece-library')
      .evaluate((element, text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'Band.musicxml', { type: 'application/xml' }));
        element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
      }, twoParts);
    const picker = view(page).getByTestId('part-picker');
    await picker.waitFor();
    expect(await picker.locator('ion-item').allTextContents()).toEqual([
      'Trumpet in B♭',
      'Horn in F',
      'Cancel',
    ]);
    await picker.locator('ion-item', { hasText: 'Horn in F' }).click();
    await view(page).getByTestId('piece-practice').waitFor();
    // The horn part has the first two bars only: 7 notes.
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(7);
    await view(page).getByTestId('pieces-back').click();
    await expect.poll(() => view(page).getByTestId('piece-item').count()).toBe(3);
  });

  it('keeps the screen answering while a 1000-measure part is drawn', async () => {
    const { page } = browser;
    const huge = join(dir.path, 'Huge.musicxml');
    writeFileSync(huge, melodyXml(Array.from({ length: 250 }, () => MELODY).flat()));
    await view(page).getByTestId('import-piece-input').setInputFiles(huge);
    await view(page).locator('[data-testid="staff-note"]').first().waitFor();
    // While the rest is still being drawn, Back answers at once.
    const before = await view(page).getByTestId('staff-note').count();
    expect(before).toBeLessThan(250 * NOTE_COUNT);
    const tapped = Date.now();
    await view(page).getByTestId('pieces-back').click();
    await view(page).getByTestId('piece-library').waitFor();
    const answerMs = Date.now() - tapped;
    console.log(`1000-measure part: Back answered in ${answerMs} ms while drawing`);
    // ~0.16 s on a quiet machine; the bound leaves room for a loaded one (2 cores shared).
    expect(answerMs).toBeLessThan(2000);
    await expect.poll(() => view(page).getByTestId('piece-item').count()).toBe(4);
  });

  it('refuses a malformed file with the reason and keeps what is stored', async () => {
    const { page } = browser;
    await view(page).getByTestId('import-piece-input').setInputFiles(files.broken);
    const message = view(page).getByTestId('piece-message');
    await expect.poll(() => message.textContent()).toMatch(/^Not imported: .*XML/);
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await view(page).getByTestId('piece-item').count()).toBe(4);
  });

  it('grades a recording: verdicts on the staff, a tapped note explained, results exported as JSON', async () => {
    const { page } = browser;
    await view(page).getByTestId('piece-item').filter({ hasText: 'Test Song.musicxml' }).click();
    await view(page).getByTestId('piece-practice').waitFor();
    await shot(page, 'pieces-practice');
    await view(page).getByTestId('grade-recording-input').setInputFiles(files.clean);
    await view(page).getByTestId('piece-results').waitFor();
    expect(await view(page).getByTestId('verdict-counts').textContent()).toBe(
      `${NOTE_COUNT} played · 0 wrong · 0 missed`,
    );
    const verdicts = () =>
      view(page)
        .locator('[data-testid="staff-note"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(await verdicts()).toEqual(Array(NOTE_COUNT).fill('played'));

    await view(page).getByTestId('grade-recording-input').setInputFiles(files.wrong);
    await expect
      .poll(() => view(page).getByTestId('verdict-counts').textContent())
      .toBe(`${NOTE_COUNT - 1} played · 1 wrong · 0 missed`);
    expect((await verdicts())[4]).toBe('wrong');
    await view(page).locator('[data-testid="staff-note"]').nth(4).click();
    const detail = view(page).getByTestId('note-detail');
    await expect.poll(() => detail.textContent()).toMatch(/Bar 2, G5: Wrong note/);
    expect(await detail.textContent()).toMatch(/Heard: F5/);
    // W3: a recording's notes are timed from its start, and it is not called a take.
    expect(await detail.textContent()).toMatch(/When: \d+\.\d\d s into the recording/);
    expect(await view(page).getByTestId('fix-first').textContent()).toMatch(/Fix first/);
    await expect
      .poll(() => view(page).getByTestId('piece-progress').textContent())
      .toMatch(/2 attempts/);
    await shot(page, 'pieces-results');
    await view(page)
      .locator('ion-content')
      .evaluate((content) =>
        (content as unknown as { scrollToBottom(ms: number): Promise<void> }).scrollToBottom(0),
      );
    await shot(page, 'pieces-results-bottom');
    expect(await smallTargets(page), 'results').toEqual([]);
    await expectAccessible(page, 'piece results');

    const download = page.waitForEvent('download');
    await view(page).getByTestId('export-results').click();
    const file = await (await download).path();
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      notes: { index: number; measure: string; written: string; verdict: string; heard: string }[];
      scores: Record<string, number>;
    };
    expect(json.notes.map((n) => n.index)).toEqual([...Array(NOTE_COUNT).keys()]);
    expect(json.notes.map((n) => n.written)).toEqual(
      MELODY.flat().map(([s, a, o]) => `${s}${a ? '#' : ''}${o}`),
    );
    expect(json.notes[4]).toMatchObject({ measure: '2', verdict: 'wrong', heard: 'F5' });
    expect(Object.keys(json.scores).sort()).toEqual(['overall', 'pitch', 'steadiness', 'timing']);

    // The one-page report for a teacher: an A4 PNG (150 dpi).
    const report = page.waitForEvent('download');
    await view(page).getByTestId('export-report').click();
    const png = await readFile(await (await report).path());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1240, 1754]);
    if (process.env.PIECES_SHOTS)
      await writeFile(join(process.env.PIECES_SHOTS, 'pieces-report.png'), png);
  });

  it('travels in the history export file with its attempts', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/exercise/history'));
    // Export is offered once there are attempts: a few exercise attempts imported first.
    const attemptsFile = join(dir.path, 'history.json');
    writeFileSync(attemptsFile, historyFile());
    await view(page).getByTestId('import-file').setInputFiles(attemptsFile);
    await expect
      .poll(() => view(page).getByTestId('import-message').textContent())
      .toMatch(/^Imported/);
    const exported = page.waitForEvent('download');
    await view(page).getByTestId('export').click();
    const file = JSON.parse(await readFile(await (await exported).path(), 'utf8')) as {
      format: string;
      pieces: { pieces: { title: string; musicxml: string }[]; attempts: unknown[] };
    };
    expect(file.format).toBe('embouchure-history');
    expect(file.pieces.pieces.map((p) => p.title)).toContain('Test Song');
    expect(file.pieces.pieces.every((p) => p.musicxml.includes('<score-partwise'))).toBe(true);
    expect(file.pieces.attempts.length).toBeGreaterThanOrEqual(2);
  });

  it('opens an assignment link on its practice screen with its settings', async () => {
    const { page } = browser;
    const score = parseMusicXml(melodyXml(MELODY));
    const json = assignmentJson('Homework: Test Song', score, {
      mode: 'click',
      tempoPercent: 80,
      loop: { fromBar: 2, toBar: 3 },
      trainer: false,
      cleanPassesInARow: 2,
    });
    await page.goto(assignmentLink(baseUrl(), json));
    // Followed while the pieces screen is open (same document: the app hears the hash change).
    await expect
      .poll(() => view(page).getByTestId('piece-title').textContent())
      .toBe('Homework: Test Song');
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(NOTE_COUNT);
    expect(await view(page).getByTestId('tempo-percent').inputValue()).toBe('80');
    expect(await view(page).getByTestId('loop-from').inputValue()).toBe('2');
    expect(await view(page).getByTestId('practice-start').textContent()).toMatch(/with click/);
    expect(new URL(page.url()).hash).toBe('');

    // Opened in a new tab (a link from a message): the app starts on that practice screen.
    const tab = await browser.context.newPage();
    await tab.goto(assignmentLink(baseUrl(), json.replace('Homework: ', 'Tab: ')));
    await expect
      .poll(() => view(tab).getByTestId('piece-title').textContent())
      .toBe('Tab: Test Song');
    await expect.poll(() => view(tab).getByTestId('staff-note').count()).toBe(NOTE_COUNT);
    await tab.close();
  });
});

describe('pieces: practice follows the player', () => {
  const dir = synthWavDir('pieces-live');
  const piece = join(dir.path, 'Test Song.musicxml');
  afterAll(() => dir.remove());

  const browser = sharedBrowser(() => {
    writeFileSync(piece, melodyXml(MELODY));
    // The fake microphone loops the melody with 2 s of silence around it.
    const wav = join(dir.path, 'melody.wav');
    const melody = performance(2000);
    const end = melody[melody.length - 1];
    writeWav16(
      wav,
      RENDER_RATE,
      renderPerformance(audioDir(), melody, { lengthMs: end.onsetMs + end.durationMs + 2000 }),
    );
    return { wav, viewport: { width: 390, height: 844 } };
  });

  it('moves the cursor with the player, shows the verdicts after a pass, counts in with a click, loops bars', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/pieces'));
    await view(page).getByTestId('import-piece-input').setInputFiles(piece);
    await view(page).getByTestId('piece-practice').waitFor();
    await expect.poll(() => view(page).getByTestId('staff-note').count()).toBe(NOTE_COUNT);
    await view(page).getByTestId('practice-start').click();
    const cursor = () =>
      view(page)
        .locator('[data-testid="staff-note"]')
        .evaluateAll((els) => els.findIndex((e) => e.classList.contains('current')));
    // The cursor reaches the second bar, then moves on within it or beyond.
    await expect.poll(cursor, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    const seen = await cursor();
    await shot(page, 'pieces-practice-running');
    await expect.poll(cursor, { timeout: 60_000 }).not.toBe(seen);
    // A pass ends once the last note has been played and has ended: the verdicts are shown.
    await view(page).getByTestId('piece-results').waitFor({ timeout: 60_000 });
    expect(await view(page).getByTestId('verdict-counts').textContent()).toMatch(/\d+ played/);
    expect(await view(page).getByTestId('practice-start').isVisible()).toBe(true);
    // W3: a live pass's notes are timed from its first note (the stream's clock starts with the
    // microphone, not at Start), and there is no take to be "into".
    await view(page).locator('[data-testid="staff-note"]').nth(5).click();
    const when = await view(page).getByTestId('note-detail').textContent();
    expect(when).toMatch(/When: (\d+\.\d\d s after your first note|not heard)/);
    expect(when).not.toMatch(/take/);

    // With a click: a one-bar count-in at the chosen tempo, then Stop.
    await view(page).getByTestId('mode-click').click();
    await view(page).getByTestId('tempo-percent').fill('80');
    // With a drone on the key's tonic (written C major for the B♭ trumpet).
    const drone = view(page).getByTestId('drone-toggle');
    expect(await drone.locator('xpath=..').textContent()).toMatch(/Drone on the tonic \(C major\)/);
    await drone.check();
    // W8: Start brings the run's first line into view wherever the score was scrolled.
    const scroller = view(page).getByTestId('staff-scroller');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await view(page).getByTestId('practice-start').click();
    await expect
      .poll(() => view(page).getByTestId('practice-status').textContent())
      .toMatch(/Count-in: 4 clicks, then play at ♩ = 80/);
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
    // W8: once the count-in is over the line no longer says it is counting in.
    await expect
      .poll(() => view(page).getByTestId('practice-status').textContent(), { timeout: 15_000 })
      .toBe('Play at ♩ = 80, with the click.');
    await view(page).getByTestId('practice-stop').click();
    await view(page).getByTestId('practice-start').waitFor();

    // A loop over bars 1–2 without a click: each pass is judged and the next begins at once.
    await view(page).getByTestId('drone-toggle').uncheck();
    await view(page).getByTestId('mode-follow').click();
    await view(page).getByTestId('loop-toggle').check();
    await view(page).getByTestId('loop-to').fill('2');
    const attempts = async () =>
      Number(
        /(\d+) attempts?/.exec(
          (await view(page).getByTestId('piece-progress').textContent()) ?? '',
        )?.[1] ?? 0,
      );
    const before = await attempts();
    await view(page).getByTestId('practice-start').click();
    await expect.poll(attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(before + 2);
    // Still running: the loop goes on until Stop.
    expect(await view(page).getByTestId('practice-stop').isVisible()).toBe(true);
    await view(page).getByTestId('practice-stop').click();
  });
});
