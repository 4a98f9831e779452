import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServer, type SyncServer } from '../server/sync-server';
import { cookieFetch } from '../server/cookie-fetch';
import { userDbName } from '../server/design';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { closeSettings, openSettings, settingsScreen } from './settings-screen';
import { WAIT_MS } from './wait';

/**
 * Issue 35, an account that follows the player: two browser profiles (two devices) of one account
 * against the real embedded sync server, started here. A practice attempt played on one and a
 * piece imported on the other reach each other; both offline, both edit, both come back: nothing
 * is lost; the server stopped mid-sync: the status says so and everything catches up when it
 * returns; and another account cannot read any of it, asked of the server directly.
 */
const PASSWORD = 'correct horse battery';
// Concert G4: written A4 on the default B♭ trumpet, the long tone's target.
const WAV = 'clean/sr44100/tpt_n067_G4_v110.wav';

let server: SyncServer;
let port = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'embouchure-sync-e2e-'));
const startServer = async (): Promise<void> => {
  server = await startSyncServer({ dir: dataDir, port });
  port = Number(new URL(server.url).port);
};
beforeAll(startServer);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const a = sharedBrowser({ wav: audioFile(WAV), viewport: { width: 390, height: 844 } });
const b = sharedBrowser({ wav: audioFile(WAV), viewport: { width: 390, height: 844 } });

const takesModal = (page: Page): Locator => page.locator('ion-modal[data-testid="takes-modal"]');
const account = (page: Page): Locator => settingsScreen(page).getByTestId('account');
const syncState = (page: Page) =>
  account(page).getByTestId('sync-status').getAttribute('data-state', { timeout: WAIT_MS });
const syncText = (page: Page) => account(page).getByTestId('sync-status').textContent();

async function signIn(page: Page, mode: 'sign-up' | 'sign-in', name: string): Promise<void> {
  await page.goto(appUrl('/home/exercise'));
  await openSettings(page);
  const panel = account(page);
  await panel.getByTestId('account-server').fill(server.url);
  await panel.getByTestId('account-user').fill(name);
  await panel.getByTestId('account-password').fill(PASSWORD);
  await panel.getByTestId(mode).click();
  await expect.poll(() => syncState(page)).toBe('synced');
  expect(await panel.getByTestId('account-name').textContent()).toContain(`Signed in as ${name}`);
}

/** Plays a 2 s long tone on A4 (the fake microphone's note) to its results; resolves when saved. */
async function playLongTone(page: Page): Promise<void> {
  await page.goto(appUrl('/home/exercise'));
  const view = activePage(page);
  await view.getByTestId('open-long-tones').click();
  await view.getByTestId('lt-pattern').selectOption('single');
  await view.getByTestId('lt-note').selectOption({ label: 'A4' });
  await view.getByTestId('lt-hold').fill('2');
  await view.getByTestId('lt-start').click();
  await expect.poll(() => view.getByTestId('save-message').textContent()).toMatch(/Saved/);
}

/** Opens the history (once: it shows what arrives by itself) and returns its number of rows. */
async function attemptRows(page: Page): Promise<number> {
  if (new URL(page.url()).pathname !== '/home/exercise/history') {
    await page.goto(appUrl('/home/exercise/history'));
  }
  await activePage(page).getByTestId('history').waitFor();
  return activePage(page).getByTestId('attempt-row').count();
}

const pieceXml = (title: string): string =>
  `<?xml version="1.0"?><score-partwise version="4.0"><work><work-title>${title}</work-title></work><part-list><score-part id="P1"><part-name>Trumpet</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>${['C', 'D', 'E', 'F'].map((step) => `<note><pitch><step>${step}</step><octave>5</octave></pitch><duration>1</duration><type>quarter</type></note>`).join('')}</measure></part></score-partwise>`;

async function importPiece(page: Page, title: string): Promise<void> {
  const file = join(dataDir, `${title}.musicxml`);
  writeFileSync(file, pieceXml(title));
  await page.goto(appUrl('/home/pieces'));
  await activePage(page).getByTestId('import-piece-input').setInputFiles(file);
  await expect.poll(() => activePage(page).locator('ion-title').textContent()).not.toBe('Pieces');
}

async function pieceTitles(page: Page): Promise<string[]> {
  if (new URL(page.url()).pathname !== '/home/pieces') await page.goto(appUrl('/home/pieces'));
  const list = activePage(page).getByTestId('piece-library');
  await list.waitFor();
  return list.getByTestId('piece-item').allTextContents();
}

describe('an account on two devices', () => {
  it('an attempt played on one and a piece imported on the other reach both, and the status says so', async () => {
    await signIn(a.page, 'sign-up', 'alice');
    await closeSettings(a.page);
    await signIn(b.page, 'sign-in', 'alice');
    await closeSettings(b.page);

    await playLongTone(a.page);
    await expect.poll(() => attemptRows(b.page), { timeout: WAIT_MS }).toBe(1);

    await importPiece(b.page, 'Synced Hymn');
    await expect.poll(() => pieceTitles(a.page)).toEqual([expect.stringContaining('Synced Hymn')]);

    await openSettings(a.page);
    await expect.poll(() => syncText(a.page)).toMatch(/^Synced just now$/);
    await closeSettings(a.page);
  });

  it('both offline, both edit, both back: nothing is lost, and the later theme wins on both', async () => {
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await playLongTone(a.page);
    await importPiece(b.page, 'Offline Air');
    await openSettings(b.page);
    await settingsScreen(b.page).getByTestId('theme').selectOption('light');
    await expect.poll(() => syncText(b.page)).toMatch(/^Offline: \d+ changes? waiting/);
    await closeSettings(b.page);
    await openSettings(a.page);
    await settingsScreen(a.page).getByTestId('theme').selectOption('dark'); // the later edit
    await expect.poll(() => syncText(a.page)).toMatch(/^Offline: \d+ changes? waiting/);
    await closeSettings(a.page);

    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await expect.poll(() => attemptRows(b.page)).toBe(2);
    await expect.poll(() => attemptRows(a.page)).toBe(2);
    const both = [expect.stringContaining('Offline Air'), expect.stringContaining('Synced Hymn')];
    await expect.poll(async () => (await pieceTitles(a.page)).sort()).toEqual(both);
    await expect.poll(async () => (await pieceTitles(b.page)).sort()).toEqual(both);
    const theme = (page: Page) => page.evaluate(() => document.documentElement.className);
    await expect.poll(() => theme(b.page)).toContain('ion-palette-dark');
    expect(await theme(a.page)).toContain('ion-palette-dark');
  });

  it('a take recorded on one is listed on the other as recorded there, a rename comes back, and its audio follows when kept in the account', async () => {
    await a.page.goto(appUrl('/home/tuner'));
    const record = activePage(a.page).getByTestId('record-button');
    await record.click();
    await expect.poll(() => record.getAttribute('data-state')).toBe('recording');
    await expect
      .poll(async () => (await activePage(a.page).getByTestId('record-time').textContent()) ?? '')
      .toMatch(/^0:0[2-9]$/);
    await record.click();
    await expect
      .poll(
        async () => (await activePage(a.page).getByTestId('record-message').textContent()) ?? '',
      )
      .toMatch(/^Take saved/);

    await b.page.goto(appUrl('/home/tuner'));
    await activePage(b.page).getByTestId('open-takes').click();
    const theirs = takesModal(b.page).getByTestId('take-row');
    await expect.poll(() => theirs.count()).toBe(1);
    expect(await theirs.getByTestId('take-elsewhere').textContent()).toBe(
      'Recorded on another device: its audio and trace stay there',
    );
    expect(await theirs.getByTestId('take-notes').textContent()).toMatch(/^(A4 ?)+/);
    expect(await theirs.getByTestId('delete-take').count()).toBe(0);
    await theirs.getByTestId('rename-take').click();
    await b.page.locator('ion-alert input').fill('Named on the laptop');
    await b.page.locator('ion-alert button', { hasText: 'Save' }).click();

    await activePage(a.page).getByTestId('open-takes').click();
    const ours = takesModal(a.page).getByTestId('take-row');
    await expect
      .poll(async () => (await ours.textContent()) ?? '', { timeout: WAIT_MS })
      .toMatch(/^Named on the laptop/);
    expect(await ours.getByTestId('take-elsewhere').count()).toBe(0);
    expect(await ours.getByTestId('take-audio-status').textContent()).toBe(
      'Audio on this device only.',
    );

    // Kept in the account, its audio reaches the other device, which can play it now.
    await ours.getByTestId('keep-take-audio').click();
    await expect
      .poll(() => ours.getByTestId('take-audio-status').textContent(), { timeout: WAIT_MS })
      .toBe('Audio kept in your account.');
    await expect
      .poll(() => theirs.getByTestId('take-elsewhere').count(), { timeout: WAIT_MS })
      .toBe(0);
    expect(await theirs.getByTestId('take-audio-status').textContent()).toBe(
      'Audio kept in your account.',
    );
    await theirs.getByTestId('play-take').click();
    await expect
      .poll(async () =>
        Number(
          await takesModal(b.page).getByTestId('take-player').getAttribute('data-duration-ms'),
        ),
      )
      .toBeGreaterThan(1500);
    await a.page.goto(appUrl('/home/exercise'));
    await b.page.goto(appUrl('/home/exercise'));
  });

  it('the server stops mid-sync: the status says so, and everything catches up when it returns', async () => {
    await server.close();
    await playLongTone(a.page);
    await openSettings(a.page);
    await expect
      .poll(() => syncText(a.page))
      .toMatch(
        /^Offline: 1 change waiting \(last synced .+\)\. It syncs when the server answers again\.$/,
      );
    await startServer();
    await expect.poll(() => syncState(a.page)).toBe('synced');
    await closeSettings(a.page);
    await expect.poll(() => attemptRows(b.page)).toBe(3);
  });

  it('another account cannot read any of it (asked of the server)', async () => {
    const mallory = cookieFetch();
    await mallory(`${server.url}/_users/org.couchdb.user:mallory`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mallory', password: PASSWORD, roles: [], type: 'user' }),
    });
    await mallory(`${server.url}/_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mallory', password: PASSWORD }),
    });
    const theirs = await mallory(
      `${server.url}/${userDbName('alice')}/_all_docs?include_docs=true`,
    );
    expect([401, 403]).toContain(theirs.status);
    const owner = cookieFetch();
    await owner(`${server.url}/_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'alice', password: PASSWORD }),
    });
    const mine = (await (await owner(`${server.url}/${userDbName('alice')}/_all_docs`)).json()) as {
      rows: { id: string }[];
    };
    // Three attempts, two pieces, a take's details, their settings: all there for alice.
    expect(mine.rows.filter((r) => r.id.startsWith('attempt:'))).toHaveLength(3);
    expect(mine.rows.filter((r) => r.id.startsWith('piece:'))).toHaveLength(2);
    expect(mine.rows.filter((r) => r.id.startsWith('take:'))).toHaveLength(1);
  });
});
