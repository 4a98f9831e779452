/**
 * A MusicXML document's root and parts: well-formedness and root checks with a reason for the
 * player, score-timewise converted to score-partwise (MusicXML 4.0 "Score Timewise": the same
 * music with parts inside measures), and the part list.
 */
import { MAX_SCORE_FILE_BYTES, ScoreReadError } from './score-read-error';
import {
  child,
  childrenNamed,
  childText,
  parseXml,
  XmlSyntaxError,
  type XmlElement,
} from './xml-tree';

/** A part of a score, for asking the player which one to read. */
export interface ScorePartInfo {
  readonly id: string;
  readonly name: string;
}

/** score-timewise (measures holding parts) turned into score-partwise (parts holding measures). */
function timewiseToPartwise(root: XmlElement): XmlElement {
  const header = root.children.filter((c) => c.name !== 'measure');
  const partMeasures = new Map<string, XmlElement[]>();
  for (const measure of childrenNamed(root, 'measure')) {
    for (const part of childrenNamed(measure, 'part')) {
      const id = part.attrs.id ?? '';
      const list = partMeasures.get(id) ?? [];
      list.push({ ...measure, children: part.children });
      partMeasures.set(id, list);
    }
  }
  const parts = [...partMeasures].map(([id, measures]) => ({
    name: 'part',
    attrs: { id },
    children: measures,
    text: '',
    line: root.line,
  }));
  return { ...root, name: 'score-partwise', children: [...header, ...parts] };
}

export function readDocument(text: string): XmlElement {
  if (typeof text !== 'string') throw new ScoreReadError('No score text was given.');
  if (text.length > MAX_SCORE_FILE_BYTES) {
    throw new ScoreReadError('The file is larger than 20 MB, too large for one score.');
  }
  // A download that failed often saves the site's HTML page under the score's name.
  if (/^\s*(<!doctype html|<html)/i.test(text.slice(0, 1000))) {
    throw new ScoreReadError('This file is a web page (HTML), not a MusicXML score.');
  }
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) {
      throw new ScoreReadError(
        `This file is not readable MusicXML: ${error.detail.charAt(0).toLowerCase()}${error.detail.slice(1)} at line ${String(error.line)}.`,
      );
    }
    throw error;
  }
  if (root.name === 'score-timewise') return timewiseToPartwise(root);
  if (root.name !== 'score-partwise') {
    throw new ScoreReadError(
      `This file is not a MusicXML score: its top element is <${root.name}>, not <score-partwise>.`,
    );
  }
  return root;
}

export function partInfos(root: XmlElement): ScorePartInfo[] {
  const partList = child(root, 'part-list');
  const names = new Map<string, string>();
  for (const scorePart of partList === undefined ? [] : childrenNamed(partList, 'score-part')) {
    const id = scorePart.attrs.id ?? '';
    const name = childText(scorePart, 'part-name') || childText(scorePart, 'part-abbreviation');
    names.set(id, name || id);
  }
  return childrenNamed(root, 'part').map((part) => {
    const id = part.attrs.id ?? '';
    return { id, name: names.get(id) ?? id };
  });
}

/** The parts of a MusicXML score in file order (id and name), for a part picker. */
export function listParts(text: string): ScorePartInfo[] {
  return partInfos(readDocument(text));
}
