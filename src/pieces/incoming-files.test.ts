import { describe, expect, it } from 'vitest';
import {
  addIncomingFile,
  incomingFiles,
  nameByContent,
  takeIncomingFile,
  withRecognisedName,
  type IncomingFile,
} from './incoming-files';
import { openedUrlAction } from './OpenWith';

const bytes = (text: string) => new TextEncoder().encode(text);
const fileOf = (name: string, content: Uint8Array): IncomingFile => ({
  name,
  size: content.length,
  arrayBuffer: () => Promise.resolve(content.slice().buffer),
});

describe('a file shared without a recognisable name is named by its first bytes', () => {
  it.each([
    ['attachments-0', 'PK\u0003\u0004rest of a zip', 'attachments-0.mxl'],
    ['42', '<?xml version="1.0"?><score-partwise/>', '42.musicxml'],
    ['42', '\uFEFF  \n<score-partwise/>', '42.musicxml'],
    ['document', '{"format":"embouchure-assignment"}', 'document.json'],
    // Recognised names are kept whatever the content (the reader then says what is wrong).
    ['Arban.mxl', '<xml/>', 'Arban.mxl'],
    ['Solo.XML', 'PK\u0003\u0004', 'Solo.XML'],
    // Anything else keeps its name, and the library refuses it as it would a picked file.
    ['photo.jpg', '\u00ff\u00d8\u00ff', 'photo.jpg'],
    ['notes', 'plain text', 'notes'],
  ])('%s starting %j → %s', (name, content, expected) => {
    expect(nameByContent(name, bytes(content))).toBe(expected);
  });

  it('reads the file once, and each read afterwards gets its own copy', async () => {
    let reads = 0;
    const content = bytes('<score-partwise/>');
    const renamed = await withRecognisedName(
      {
        name: 'content-17',
        size: content.length,
        arrayBuffer: () => {
          reads++;
          return Promise.resolve(content.slice().buffer);
        },
      },
      1000,
    );
    expect(renamed.name).toBe('content-17.musicxml');
    const first = await renamed.arrayBuffer();
    structuredClone(first, { transfer: [first] }); // the worker detaches what it is given
    expect(new Uint8Array(await renamed.arrayBuffer())).toEqual(content);
    expect(reads).toBe(1);
  });

  it('never reads a file too large to import, nor renames an empty one', async () => {
    const never: IncomingFile = {
      name: 'big',
      size: 2000,
      arrayBuffer: () => Promise.reject(new Error('read')),
    };
    expect(await withRecognisedName(never, 1000)).toBe(never);
    const empty = fileOf('empty', new Uint8Array());
    expect(await withRecognisedName(empty, 1000)).toBe(empty);
  });
});

describe('files waiting for the library', () => {
  it('are taken oldest first, each once', () => {
    const seen: number[] = [];
    const stop = incomingFiles.subscribe((files) => seen.push(files.length));
    addIncomingFile(fileOf('a.musicxml', bytes('<a/>')));
    addIncomingFile(fileOf('b.musicxml', bytes('<b/>')));
    expect(takeIncomingFile()?.name).toBe('a.musicxml');
    expect(takeIncomingFile()?.name).toBe('b.musicxml');
    expect(takeIncomingFile()).toBeUndefined();
    stop();
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});

describe('a URL the app was opened with', () => {
  it.each([
    ['content://com.android.providers.downloads.documents/document/42', { kind: 'file' }],
    ['file:///private/var/mobile/Inbox/Arban%201.musicxml', { kind: 'file' }],
    [
      'https://embouchure.app/home/pieces#assignment=eJyr',
      { kind: 'route', path: '/home/pieces#assignment=eJyr' },
    ],
    ['https://embouchure.app/home/tuner', { kind: 'ignore' }],
    ['not a url', { kind: 'ignore' }],
  ])('%s', (url, expected) => {
    expect(openedUrlAction(url)).toEqual(expected);
  });
});
