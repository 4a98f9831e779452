import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../src/music';
import { assignmentJson } from '../src/pieces/assignment';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, projectRoot } from './browser';
import { smallTargets } from './a11y-helpers';
import { WAIT_MS } from './wait';

/**
 * Issue 25: a MusicXML part or a teacher's assignment opened with the app ("Open with", Share)
 * on Android. The page runs as Capacitor's Android WebView sees it, with a stand-in for the native
 * bridge (as e2e/back-button.e2e.ts): `@capacitor/app` delivers the file's URL as `appUrlOpen`
 * (kept until a listener is added, as Capacitor does for the launch intent), and
 * `@capacitor/filesystem` serves the file's content (`stat`, `readFile` as base64) from files the
 * test puts there. Also: the history's Export with only pieces and no exercise attempt.
 */

/** A four-bar B♭ trumpet part (written C major scale figures), titled `title`. */
function partXml(title: string, bars = 2): string {
  const notes = ['C', 'D', 'E', 'F', 'G', 'A', 'B', 'C'];
  const measures = Array.from(
    { length: bars },
    (_, bar) =>
      `<measure number="${bar + 1}">${
        bar === 0
          ? '<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>'
          : ''
      }${notes
        .slice(bar * 4, bar * 4 + 4)
        .map(
          (step, i) =>
            `<note><pitch><step>${step}</step><octave>${bar === 1 && i === 3 ? 5 : 4}</octave></pitch><duration>1</duration><type>quarter</type></note>`,
        )
        .join('')}</measure>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>${title}</work-title></work>
<part-list><score-part id="P1"><part-name>Trumpet in B♭</part-name></score-part></part-list>
<part id="P1">${measures}</part></score-partwise>`;
}

/** Capacitor's Android bridge, stood in: App (listeners), Filesystem (files put by the test). */
function fakeAndroidBridge(): void {
  type Header = { name: string; methods: { name: string; rtype: 'promise' | 'callback' }[] };
  const plugin = (name: string, promises: string[], callbacks: string[] = []): Header => ({
    name,
    methods: [
      ...promises.map((method) => ({ name: method, rtype: 'promise' as const })),
      ...callbacks.map((method) => ({ name: method, rtype: 'callback' as const })),
    ],
  });
  const calls: string[] = [];
  const files: Record<string, { name: string | null; base64: string; size: number }> = {};
  const listeners: Record<string, ((data: unknown) => void)[]> = {};
  const byId = new Map<string, { eventName: string; callback: (data: unknown) => void }>();
  // Capacitor keeps an appUrlOpen fired before any listener (the launch intent) for the first one.
  const kept: unknown[] = [];
  const bridge = globalThis as unknown as Record<string, unknown>;
  bridge.__nativeCalls = calls;
  bridge.__files = files;
  bridge.__openUrl = (url: string) => {
    const data = { url };
    const heard = listeners.appUrlOpen ?? [];
    if (heard.length === 0) kept.push(data);
    for (const listener of heard) listener(data);
  };
  bridge.__listening = () => (listeners.appUrlOpen ?? []).length;
  bridge.androidBridge = { postMessage: () => undefined };
  const headers: Header[] = [
    plugin('App', ['exitApp', 'removeListener', 'removeAllListeners'], ['addListener']),
    plugin('Filesystem', ['stat', 'readFile', 'writeFile']),
    plugin('StatusBar', ['show']),
    plugin('KeepAwake', ['keepAwake', 'allowSleep']),
    plugin('VoiceRecorder', ['hasAudioRecordingPermission', 'requestAudioRecordingPermission']),
    plugin(
      'LocalNotifications',
      ['schedule', 'cancel', 'requestPermissions', 'checkPermissions', 'removeListener'],
      ['addListener'],
    ),
  ];
  const fileAt = (options: { path?: string }) => {
    const file = files[options.path ?? ''];
    if (!file) throw new Error('File does not exist.');
    return file;
  };
  bridge.Capacitor = {
    PluginHeaders: headers,
    Plugins: {},
    getPlatform: () => 'android',
    isNativePlatform: () => true,
    isPluginAvailable: (name: string) => headers.some((header) => header.name === name),
    nativePromise: (
      pluginName: string,
      method: string,
      options: { path?: string; callbackId?: string },
    ) => {
      calls.push(`${pluginName}.${method}`);
      const removed = method === 'removeListener' && byId.get(options.callbackId ?? '');
      if (removed) {
        const list = listeners[removed.eventName] ?? [];
        list.splice(list.indexOf(removed.callback), 1);
      }
      try {
        if (pluginName === 'Filesystem' && method === 'stat') {
          const file = fileAt(options);
          // A content provider without a display name answers no metadata at all.
          if (file.name === null) throw new Error('Unable to get metadata for this URI.');
          return Promise.resolve({ name: file.name, size: file.size, type: 'file', uri: '' });
        }
        if (pluginName === 'Filesystem' && method === 'readFile') {
          return Promise.resolve({ data: fileAt(options).base64 });
        }
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return Promise.resolve({ value: true });
    },
    nativeCallback: (
      pluginName: string,
      method: string,
      options: { eventName?: string },
      callback: (data: unknown) => void,
    ) => {
      calls.push(`${pluginName}.${method}${options.eventName ? ` ${options.eventName}` : ''}`);
      const id = `callback-${calls.length}`;
      if (method === 'addListener' && pluginName === 'App' && options.eventName) {
        (listeners[options.eventName] ??= []).push(callback);
        byId.set(id, { eventName: options.eventName, callback });
        if (options.eventName === 'appUrlOpen') {
          for (const data of kept.splice(0)) setTimeout(() => callback(data), 0);
        }
      }
      return id;
    },
  };
}

const browser = sharedBrowser({ mic: 'none', viewport: { width: 390, height: 844 } }, (launched) =>
  launched.context.addInitScript(fakeAndroidBridge),
);
const { page } = browser;
const view = () => activePage(page);

/** Puts a file where the stand-in Filesystem serves it; `name: null` for a nameless provider. */
async function putFile(url: string, name: string | null, content: string | Buffer): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  await page.evaluate(
    ([path, fileName, base64, size]) => {
      const files = (globalThis as unknown as { __files: Record<string, unknown> }).__files;
      files[path as string] = { name: fileName, base64, size };
    },
    [url, name, bytes.toString('base64'), bytes.length] as const,
  );
}

/** What Capacitor's App plugin does when Android hands the app a VIEW intent's URI. */
const openWith = (url: string) =>
  page.evaluate((u) => (globalThis as unknown as { __openUrl(u: string): void }).__openUrl(u), url);

const nativeCalls = () =>
  page.evaluate(() => (globalThis as unknown as { __nativeCalls: string[] }).__nativeCalls);
const pieceTitle = () => view().getByTestId('piece-title').textContent();

const shots = join(projectRoot, '.scratch', 'pieces-open-with-shots');
async function shot(name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      )
      .toBe(scheme === 'dark');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await page.screenshot({ path: join(shots, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('a file opened with the app on Android', () => {
  it('that launched the app (on another tab): lands on its practice screen, stored', async () => {
    const url = 'content://com.android.externalstorage.documents/document/primary%3ASong.musicxml';
    await browser.freshTab();
    // The launch intent's URI is there before the page's scripts run (Capacitor keeps the event
    // for the first listener), and the file with it.
    const content = Buffer.from(partXml('Opened Song'));
    await page.addInitScript(
      ([path, base64, size]) => {
        if (sessionStorage.getItem('launched')) return; // the launch intent, once
        sessionStorage.setItem('launched', '1');
        const bridge = globalThis as unknown as {
          __files: Record<string, unknown>;
          __openUrl(url: string): void;
        };
        bridge.__files[path as string] = { name: 'Opened Song.musicxml', base64, size };
        bridge.__openUrl(path as string);
      },
      [url, content.toString('base64'), content.length] as const,
    );
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => page.url(), { timeout: WAIT_MS }).toMatch(/\/home\/pieces(\/[^/]+)?$/);
    await expect.poll(pieceTitle, { timeout: WAIT_MS }).toBe('Opened Song');
    await expect.poll(() => view().getByTestId('staff-note').count()).toBe(8);
    expect(await nativeCalls()).toEqual(
      expect.arrayContaining([
        'App.addListener appUrlOpen',
        'Filesystem.stat',
        'Filesystem.readFile',
      ]),
    );
    await view().getByTestId('pieces-back').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(1);
  });

  it('a malformed file is refused with the reason, and the library is untouched', async () => {
    const url = 'file:///storage/emulated/0/Download/Broken.musicxml';
    await putFile(url, 'Broken.musicxml', '<score-partwise version="4.0"><part-list>');
    await openWith(url);
    const message = view().getByTestId('piece-message');
    await expect
      .poll(() => message.textContent(), { timeout: WAIT_MS })
      .toMatch(/^Not imported: .*XML/);
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await view().getByTestId('piece-item').count()).toBe(1);
    expect(await view().locator('.piece-hint').textContent()).toMatch(
      /open it with Embouchure \(or share it to Embouchure\) from Files, mail or a chat\.$/,
    );
    await shot('open-with-refused');
    expect(await smallTargets(page)).toEqual([]);

    // Not MusicXML at all: the picker's own message.
    const photo = 'content://media/external/images/media/7';
    await putFile(photo, 'IMG_0007.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await openWith(photo);
    await expect
      .poll(() => message.textContent(), { timeout: WAIT_MS })
      .toMatch(/^Not imported: "IMG_0007\.jpg" is not a MusicXML file/);
    expect(await view().getByTestId('piece-item').count()).toBe(1);
  });

  it('a shared file without a name (a mail attachment) is read by its content', async () => {
    const url = 'content://com.google.android.gm.sapi/attachments/0/BEST/false';
    await putFile(url, null, partXml('Attached Song'));
    await openWith(url);
    await expect.poll(pieceTitle, { timeout: WAIT_MS }).toBe('Attached Song');
  });

  it('while another piece is being practised: the library imports the new one and opens it', async () => {
    expect(await pieceTitle()).toBe('Attached Song');
    const url = 'file:///storage/emulated/0/Download/Third.mxl.musicxml';
    await putFile(url, 'Third.mxl.musicxml', partXml('Third Song', 1));
    await openWith(url);
    await expect.poll(pieceTitle, { timeout: WAIT_MS }).toBe('Third Song');
    await expect.poll(() => view().getByTestId('staff-note').count()).toBe(4);
  });

  it('an assignment file opens its practice screen with its settings', async () => {
    const json = assignmentJson('Homework: Scale', parseMusicXml(partXml('Scale')), {
      mode: 'click',
      tempoPercent: 80,
      loop: { fromBar: 2, toBar: 2 },
      trainer: false,
      cleanPassesInARow: 2,
    });
    const url = 'content://com.whatsapp.provider.media/item/123';
    await putFile(url, 'Scale (assignment).json', json);
    await openWith(url);
    await expect.poll(pieceTitle, { timeout: WAIT_MS }).toBe('Homework: Scale');
    expect(await view().getByTestId('tempo-percent').inputValue()).toBe('80');
    expect(await view().getByTestId('loop-from').inputValue()).toBe('2');
    expect(await view().getByTestId('practice-start').textContent()).toMatch(/with click/);
    await view().getByTestId('pieces-back').click();
    await expect.poll(() => view().getByTestId('piece-item').count()).toBe(4);
    // One listener all along, however often the route changed.
    expect(
      await page.evaluate(() => (globalThis as unknown as { __listening(): number }).__listening()),
    ).toBe(1);
  });
});

/** The titles in the pieces library's database, without creating it when it is not there yet. */
function storedPieceTitles(p: Page): Promise<string[]> {
  return p.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('embouchure-pieces')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('embouchure-pieces');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('pieces')) {
          db.close();
          resolve([]);
          return;
        }
        const all = db.transaction('pieces').objectStore('pieces').getAll();
        all.onsuccess = () => {
          db.close();
          resolve((all.result as { title: string }[]).map((piece) => piece.title));
        };
        all.onerror = () => reject(all.error ?? new Error('read failed'));
      };
    });
  });
}

/** The history's Export on the web, with pieces and no exercise attempt (a fresh profile). */
describe('history export with only pieces', () => {
  const web = sharedBrowser({ mic: 'none', viewport: { width: 390, height: 844 } });

  async function historyShot(p: Page, name: string): Promise<void> {
    mkdirSync(shots, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      await expect
        .poll(() =>
          p.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
        )
        .toBe(scheme === 'dark');
      await p.screenshot({ path: join(shots, `${name}-${scheme}.png`) });
    }
    await p.emulateMedia({ colorScheme: 'light' });
  }

  it('is enabled, says what it saves, and the file carries the pieces', async () => {
    const p = web.page;
    await p.goto(appUrl('/home/pieces'));
    await activePage(p)
      .getByTestId('import-piece-input')
      .setInputFiles({
        name: 'Only Song.musicxml',
        mimeType: 'application/vnd.recordare.musicxml+xml',
        buffer: Buffer.from(partXml('Only Song')),
      });
    await expect
      .poll(() => activePage(p).getByTestId('piece-title').textContent(), { timeout: WAIT_MS })
      .toBe('Only Song');
    // The piece opens while it is still being written; leaving the page (a reload) before the
    // write commits would abort it, so the test waits for the stored piece as a player's next
    // visit would find it.
    await expect.poll(() => storedPieceTitles(p), { timeout: WAIT_MS }).toEqual(['Only Song']);
    await p.goto(appUrl('/home/exercise'));
    await activePage(p).getByTestId('tab-history').click();
    const history = activePage(p);
    await history.getByTestId('history-empty').waitFor();
    await expect
      .poll(() => history.getByTestId('export-contents').textContent(), { timeout: WAIT_MS })
      .toBe(
        'Export saves the pieces library: 1 piece (as MusicXML) with 0 attempts (no exercise attempts yet).',
      );
    expect(await history.getByTestId('export').isEnabled()).toBe(true);
    await history.getByTestId('export').scrollIntoViewIfNeeded();
    await historyShot(p, 'history-export-pieces-only');
    const download = p.waitForEvent('download');
    await history.getByTestId('export').click();
    const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
      attempts: unknown[];
      pieces: { pieces: { title: string; musicxml: string }[] };
    };
    expect(file.attempts).toEqual([]);
    expect(file.pieces.pieces.map((piece) => piece.title)).toEqual(['Only Song']);
    expect(file.pieces.pieces[0].musicxml).toContain('<score-partwise');
    await expect
      .poll(() => history.getByTestId('export-message').textContent())
      .toMatch(
        /^Downloaded embouchure-history-.*\.json \(0 exercise attempts; the pieces library: 1 piece \(as MusicXML\) with 0 attempts\)/,
      );
  });
});
