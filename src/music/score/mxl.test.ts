import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../theory/notes';
import { listScoreFileParts, mxlScoreText, parseMxl, parseScoreFile } from './mxl';
import { ScoreReadError } from './score-read-error';
import { quarters, scoreXml } from './testing/musicxml-builder';

const xml = scoreXml([quarters('C5', 'D5', 'E5', 'F5')], { title: 'Zipped' });
const container = (path: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><container><rootfiles>` +
  `<rootfile full-path="score.pdf" media-type="application/pdf"/>` +
  `<rootfile full-path="${path}" media-type="application/vnd.recordare.musicxml+xml"/>` +
  `</rootfiles></container>`;

function reasonOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ScoreReadError);
    return (error as ScoreReadError).reason;
  }
  throw new Error('expected a ScoreReadError');
}

describe('parseMxl', () => {
  it('reads the score the container names, wherever it lies', () => {
    const bytes = zipSync({
      'META-INF/container.xml': strToU8(container('music/piece.musicxml')),
      'music/piece.musicxml': strToU8(xml),
      'other.xml': strToU8('<not-a-score/>'),
    });
    const score = parseMxl(bytes);
    expect(score.title).toBe('Zipped');
    expect(score.notes.map((n) => spelledNoteName(n.written, true))).toEqual([
      'C5',
      'D5',
      'E5',
      'F5',
    ]);
  });

  it('without a container, reads the first .musicxml/.xml at the root', () => {
    const bytes = zipSync({ 'docs/readme.xml': strToU8('<x/>'), 'piece.xml': strToU8(xml) });
    expect(mxlScoreText(bytes)).toBe(xml);
  });

  it('refuses a zip without a score, a damaged zip, and bytes that are no zip', () => {
    const noScore = zipSync({ 'readme.txt': strToU8('hello') });
    expect(reasonOf(() => parseMxl(noScore))).toBe('This .mxl file holds no MusicXML score.');
    const good = zipSync({ 'piece.musicxml': strToU8(xml) });
    expect(reasonOf(() => parseMxl(good.slice(0, 40)))).toMatch(/not a readable zip archive/);
    expect(reasonOf(() => parseMxl(strToU8(xml)))).toMatch(/not a zip archive/);
  });
});

describe('parseScoreFile', () => {
  it('reads .musicxml text, and a zip whatever its name', () => {
    expect(parseScoreFile('a.musicxml', strToU8(xml)).title).toBe('Zipped');
    expect(parseScoreFile('a.XML', strToU8(xml)).title).toBe('Zipped');
    const zip = zipSync({ 'piece.musicxml': strToU8(xml) });
    expect(parseScoreFile('a.mxl', zip).title).toBe('Zipped');
    expect(parseScoreFile('download', zip).title).toBe('Zipped');
  });

  it('reads UTF-16 text with a byte-order mark', () => {
    const utf16 = new Uint8Array(2 + xml.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < xml.length; i++) utf16[2 + 2 * i] = xml.charCodeAt(i);
    expect(parseScoreFile('a.musicxml', utf16).title).toBe('Zipped');
  });

  it('lists the parts of a file', () => {
    expect(listScoreFileParts('a.musicxml', strToU8(xml))).toEqual([{ id: 'P1', name: 'Trumpet' }]);
  });

  it('refuses other files and files over 20 MB with a reason', () => {
    expect(reasonOf(() => parseScoreFile('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff])))).toMatch(
      /"photo.jpg" is not a score file/,
    );
    expect(reasonOf(() => parseScoreFile('a.mxl', strToU8(xml)))).toMatch(/not a zip archive/);
    expect(
      reasonOf(() => parseScoreFile('a.musicxml', new Uint8Array(20 * 1024 * 1024 + 1))),
    ).toMatch(/larger than 20 MB/);
  });
});
