import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileSaver, type SaveTextFile, type TextFile } from '../native/save-file';
import { sampleAttempt } from './fixtures.test-data';
import {
  exportFileName,
  exportHistory,
  exportSectionContents,
  importHistory,
  registerExportSection,
} from './history-file';
import { parseExport, toExport } from './records';

// The Filesystem plugin faked at the module boundary (src/native imports it lazily on native).
const filesystem = vi.hoisted(() => ({
  writeFile: vi.fn<(options: Record<string, unknown>) => Promise<{ uri: string }>>(),
}));
vi.mock('@capacitor/filesystem', () => ({
  Filesystem: filesystem,
  Directory: { Documents: 'DOCUMENTS' },
  Encoding: { UTF8: 'utf8' },
}));

// Local time, 22 November 2026, late evening: the name uses the player's date.
const NOW = new Date(2026, 10, 22, 23, 30);
const NAME = 'embouchure-history-2026-11-22.json';
const attempts = [sampleAttempt, { ...sampleAttempt, startedAt: '2026-11-21T08:00:00.000Z' }];

describe('exportFileName', () => {
  it('is stable per local day', () => {
    expect(exportFileName(NOW)).toBe(NAME);
    expect(exportFileName(new Date(2026, 0, 5, 0, 1))).toBe('embouchure-history-2026-01-05.json');
  });
});

describe('exportHistory on Android/iOS (real saver, plugin faked)', () => {
  beforeEach(() => vi.resetAllMocks());

  it('success: says it was saved to Documents/<name>', async () => {
    filesystem.writeFile.mockResolvedValueOnce({
      uri: `file:///storage/emulated/0/Documents/${NAME}`,
    });
    const save = createFileSaver({ platform: () => 'android' });
    const message = await exportHistory(attempts, save, NOW);
    expect(message).toEqual({
      text: `Saved to Documents/${NAME} (2 attempts). Find it with the Files app, in Documents.`,
      error: false,
    });
    // What was written is a complete export that imports again.
    const written = filesystem.writeFile.mock.calls[0][0];
    expect(written).toMatchObject({ path: NAME, directory: 'DOCUMENTS', encoding: 'utf8' });
    expect(parseExport(written.data as string)).toEqual({ ok: true, value: attempts });
  });

  it('iOS: the message starts with the path and names the Files app folder', async () => {
    filesystem.writeFile.mockResolvedValueOnce({ uri: `file:///var/mobile/Documents/${NAME}` });
    const message = await exportHistory(attempts, createFileSaver({ platform: () => 'ios' }), NOW);
    expect(message.error).toBe(false);
    expect(message.text).toMatch(
      new RegExp(`^Saved to Documents/${NAME} \\(2 attempts\\)\\. Find it in the Files app: `),
    );
  });

  it('failure: an error message with the reason and what to do', async () => {
    filesystem.writeFile.mockRejectedValueOnce(
      new Error('Unable to do file operation, user denied permission request.'),
    );
    const save = createFileSaver({ platform: () => 'android' });
    const message = await exportHistory(attempts, save, NOW);
    expect(message.error).toBe(true);
    expect(message.text).toMatch(
      /^Export failed, nothing was saved: Unable to do file operation, user denied permission request\. Make sure the phone has free space and allow access to files if Android asks\..* Then try again\.$/,
    );
  });
});

describe('exportHistory on the web', () => {
  beforeEach(() => vi.resetAllMocks());

  it('downloads the file and confirms briefly; the plugin is not used', async () => {
    const download = vi.fn<(file: TextFile) => void>();
    const message = await exportHistory(
      attempts,
      createFileSaver({ platform: () => 'web', download }),
      NOW,
    );
    expect(message).toEqual({
      text: `Downloaded ${NAME} (2 attempts): see your browser's downloads.`,
      error: false,
    });
    expect(download).toHaveBeenCalledOnce();
    const file = download.mock.calls[0][0];
    expect(file).toMatchObject({ name: NAME, mimeType: 'application/json' });
    expect(JSON.parse(file.text)).toEqual(toExport(attempts, NOW));
    expect(filesystem.writeFile).not.toHaveBeenCalled();
  });

  it('any other failure of the injected saver is still a message', async () => {
    const save: SaveTextFile = () => Promise.reject(new TypeError('boom'));
    await expect(exportHistory(attempts, save, NOW)).resolves.toEqual({
      text: 'Export failed, nothing was saved: boom. Please try again.',
      error: true,
    });
  });
});

describe('importHistory: every failure is a message', () => {
  const exportText = JSON.stringify(toExport(attempts, NOW));
  const fileOf = (text: () => Promise<string>) => ({ name: NAME, text });
  afterEach(() => vi.resetAllMocks());

  it('imports and counts new and known attempts', async () => {
    const importAttempts = vi.fn(() => Promise.resolve(1));
    const message = await importHistory(
      fileOf(() => Promise.resolve(exportText)),
      { importAttempts },
    );
    expect(importAttempts).toHaveBeenCalledWith(attempts);
    expect(message).toEqual({ text: 'Imported 1 new attempt (1 already here).', error: false });
  });

  it('an unreadable file', async () => {
    const importAttempts = vi.fn(() => Promise.resolve(0));
    const message = await importHistory(
      fileOf(() =>
        Promise.reject(new DOMException('The file could not be read.', 'NotReadableError')),
      ),
      { importAttempts },
    );
    expect(message).toEqual({
      text: `Could not read "${NAME}", nothing was imported: The file could not be read. Choose the file again (an Embouchure export, .json).`,
      error: true,
    });
    expect(importAttempts).not.toHaveBeenCalled();
  });

  it('not an export', async () => {
    const importAttempts = vi.fn(() => Promise.resolve(0));
    const message = await importHistory(
      fileOf(() => Promise.resolve('not json')),
      { importAttempts },
    );
    expect(message).toEqual({ text: 'This file is not JSON: nothing was imported.', error: true });
    expect(importAttempts).not.toHaveBeenCalled();
  });

  it('storage full: says so in words, never the raw QuotaExceededError', async () => {
    // Dexie wraps the browser's DOMException and keeps it as `inner`.
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const wrapped = Object.assign(new Error('AbortError'), { name: 'AbortError', inner: quota });
    for (const error of [quota, wrapped]) {
      const importAttempts = vi.fn(() => Promise.reject(error));
      const message = await importHistory(
        fileOf(() => Promise.resolve(exportText)),
        { importAttempts },
      );
      expect(message).toEqual({
        text: 'Not enough storage space to import 2 attempts: nothing was changed. Free some space on this device (or export and clear old data), then try again.',
        error: true,
      });
      expect(message.text).not.toMatch(/QuotaExceeded/);
    }
  });
});

describe('export sections (data kept beside the history, e.g. the pieces library)', () => {
  it('travel in the same file under their key and are imported from it', async () => {
    const imported: unknown[] = [];
    const unregister = registerExportSection('pieces', {
      export: () => Promise.resolve({ pieces: [{ id: 'p1' }] }),
      import: (data) => {
        imported.push(data);
        return Promise.resolve('Imported 1 new piece.');
      },
    });
    try {
      let text = '';
      await exportHistory(attempts, (file) => {
        text = file.text;
        return Promise.resolve({ kind: 'download', name: file.name });
      });
      expect(JSON.parse(text)).toMatchObject({ pieces: { pieces: [{ id: 'p1' }] } });
      const message = await importHistory(
        { name: 'x.json', text: () => Promise.resolve(text) },
        { importAttempts: () => Promise.resolve(2) },
      );
      expect(message).toEqual({
        text: 'Imported 2 new attempts (0 already here). Imported 1 new piece.',
        error: false,
      });
      expect(imported).toEqual([{ pieces: [{ id: 'p1' }] }]);
    } finally {
      unregister();
    }
  });
});

describe('export with only data kept beside the history (issue 25: pieces, no exercise yet)', () => {
  it('exports the section and says what the file holds', async () => {
    const unregister = registerExportSection('pieces', {
      export: () => Promise.resolve({ pieces: [{ id: 'p1' }], attempts: [] }),
      import: () => Promise.resolve(''),
      contents: () => Promise.resolve('the pieces library: 1 piece (as MusicXML) with 0 attempts'),
    });
    const empty = registerExportSection('empty', {
      export: () => Promise.resolve(null),
      import: () => Promise.resolve(''),
      contents: () => Promise.resolve(null),
    });
    try {
      expect(await exportSectionContents()).toEqual([
        'the pieces library: 1 piece (as MusicXML) with 0 attempts',
      ]);
      let text = '';
      const message = await exportHistory(
        [],
        (file) => {
          text = file.text;
          return Promise.resolve({ kind: 'download', name: file.name });
        },
        NOW,
      );
      expect(message).toEqual({
        text: `Downloaded ${NAME} (0 exercise attempts; the pieces library: 1 piece (as MusicXML) with 0 attempts): see your browser's downloads.`,
        error: false,
      });
      expect(JSON.parse(text)).toMatchObject({ attempts: [], pieces: { pieces: [{ id: 'p1' }] } });
    } finally {
      unregister();
      empty();
    }
  });
});
