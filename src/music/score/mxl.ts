/**
 * Score files as bytes: compressed MusicXML (.mxl, a zip whose META-INF/container.xml names the
 * score, MusicXML 4.0 "Compressed files") and plain .musicxml/.xml text (UTF-8, or UTF-16 with a
 * byte-order mark). Unzips with fflate; sizes are checked before anything is inflated.
 */
import { strFromU8, unzipSync } from 'fflate';
import {
  listParts,
  parseMusicXml,
  type ParseMusicXmlOptions,
  type ScorePartInfo,
} from './musicxml';
import { MAX_SCORE_FILE_BYTES, ScoreReadError } from './score-read-error';
import type { Score } from './score-model';
import { child, childrenNamed, parseXml } from './xml-tree';

const TOO_LARGE = 'The file is larger than 20 MB, too large for one score.';
const SCORE_NAME = /\.(musicxml|xml)$/i;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const units: number[] = [];
  for (let i = 2; i + 1 < bytes.length; i += 2) {
    units.push(littleEndian ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
  }
  let text = '';
  for (let i = 0; i < units.length; i += 8192)
    text += String.fromCharCode(...units.slice(i, i + 8192));
  return text;
}

/** Text of a MusicXML file's bytes: UTF-16 when it starts with a byte-order mark, else UTF-8. */
export function decodeScoreText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, false);
  try {
    return strFromU8(bytes);
  } catch {
    throw new ScoreReadError('This file is not text: a MusicXML file is UTF-8 or UTF-16 text.');
  }
}

function unzip(bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        if (file.originalSize > MAX_SCORE_FILE_BYTES) throw new ScoreReadError(TOO_LARGE);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ScoreReadError) throw error;
    throw new ScoreReadError(
      'This .mxl file is not a readable zip archive (damaged or incomplete).',
    );
  }
}

/** The score's path inside an .mxl: the container's first MusicXML rootfile, else a root .musicxml/.xml. */
function scorePath(bytes: Uint8Array, names: readonly string[]): string {
  if (names.includes('META-INF/container.xml')) {
    const container = unzip(bytes, (name) => name === 'META-INF/container.xml')[
      'META-INF/container.xml'
    ];
    try {
      const root = parseXml(decodeScoreText(container));
      const rootfiles = child(root, 'rootfiles');
      const entries = rootfiles === undefined ? [] : childrenNamed(rootfiles, 'rootfile');
      // Other rootfiles (a PDF, a MIDI) may be listed too; the MusicXML one has this media type or none.
      const entry = entries.find((r) => (r.attrs['media-type'] ?? 'musicxml').includes('musicxml'));
      const path = entry?.attrs['full-path'];
      if (path !== undefined && names.includes(path)) return path;
    } catch {
      // A broken container: fall back to looking for the score by name.
    }
  }
  const atRoot = names.find((name) => !name.includes('/') && SCORE_NAME.test(name));
  if (atRoot === undefined) {
    throw new ScoreReadError('This .mxl file holds no MusicXML score.');
  }
  return atRoot;
}

/** The MusicXML text inside an .mxl (compressed MusicXML) file. */
export function mxlScoreText(bytes: Uint8Array): string {
  if (bytes.length > MAX_SCORE_FILE_BYTES) throw new ScoreReadError(TOO_LARGE);
  if (!isZip(bytes)) throw new ScoreReadError('This .mxl file is not a zip archive.');
  const names: string[] = [];
  unzip(bytes, (name) => {
    names.push(name);
    return false;
  });
  const path = scorePath(bytes, names);
  return decodeScoreText(unzip(bytes, (name) => name === path)[path]);
}

/** Read a compressed MusicXML (.mxl) file. */
export function parseMxl(bytes: Uint8Array, options: ParseMusicXmlOptions = {}): Score {
  return parseMusicXml(mxlScoreText(bytes), options);
}

/**
 * The MusicXML text of a score file of any accepted kind, by content (a zip is .mxl) and then by
 * name: .mxl, .musicxml or .xml.
 */
export function scoreFileText(name: string, bytes: Uint8Array): string {
  if (bytes.length > MAX_SCORE_FILE_BYTES) throw new ScoreReadError(TOO_LARGE);
  if (isZip(bytes)) return mxlScoreText(bytes);
  if (/\.mxl$/i.test(name)) throw new ScoreReadError('This .mxl file is not a zip archive.');
  const text = decodeScoreText(bytes);
  if (!SCORE_NAME.test(name) && !text.trimStart().startsWith('<')) {
    throw new ScoreReadError(
      `"${name}" is not a score file: choose a .musicxml, .xml or .mxl file.`,
    );
  }
  return text;
}

/** Read a score file (.musicxml, .xml or .mxl) from its name and bytes. */
export function parseScoreFile(
  name: string,
  bytes: Uint8Array,
  options: ParseMusicXmlOptions = {},
): Score {
  return parseMusicXml(scoreFileText(name, bytes), options);
}

/** The parts of a score file, for asking which part to read. */
export function listScoreFileParts(name: string, bytes: Uint8Array): ScorePartInfo[] {
  return listParts(scoreFileText(name, bytes));
}
