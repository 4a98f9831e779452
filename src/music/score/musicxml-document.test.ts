import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../theory/notes';
import { listParts, parseMusicXml } from './musicxml';
import type { Score } from './score-model';
import { ScoreReadError } from './score-read-error';
import { note, quarters, scoreXml } from './testing/musicxml-builder';

const names = (score: Score): string[] => score.notes.map((n) => spelledNoteName(n.written, true));

describe('parseMusicXml: parts', () => {
  const twoParts = `<?xml version="1.0"?><score-partwise version="3.1"><part-list>
    <score-part id="P1"><part-name>Flute</part-name></score-part>
    <score-part id="P2"><part-name>Trumpet in Bb</part-name></score-part></part-list>
    <part id="P1"><measure number="1"><attributes><divisions>1</divisions></attributes>${note('A5', 4)}</measure></part>
    <part id="P2"><measure number="1"><attributes><divisions>1</divisions></attributes>${note('D5', 4)}</measure></part>
    </score-partwise>`;

  it('lists parts with names and reads the chosen one, the first by default', () => {
    expect(listParts(twoParts)).toEqual([
      { id: 'P1', name: 'Flute' },
      { id: 'P2', name: 'Trumpet in Bb' },
    ]);
    expect(names(parseMusicXml(twoParts))).toEqual(['A5']);
    const trumpet = parseMusicXml(twoParts, { partId: 'P2' });
    expect(names(trumpet)).toEqual(['D5']);
    expect(trumpet.partName).toBe('Trumpet in Bb');
  });

  it('names the available parts when asked for one that does not exist', () => {
    expect(() => parseMusicXml(twoParts, { partId: 'P9' })).toThrow('its parts are "P1", "P2"');
  });

  it('converts score-timewise', () => {
    const timewise = `<score-timewise><part-list><score-part id="P1"><part-name>Tpt</part-name></score-part></part-list>
      <measure number="1"><part id="P1"><attributes><divisions>1</divisions></attributes>${note('C5', 2)}${note('E5', 2)}</part></measure>
      <measure number="2"><part id="P1">${note('G5', 4)}</part></measure></score-timewise>`;
    const score = parseMusicXml(timewise);
    expect(names(score)).toEqual(['C5', 'E5', 'G5']);
    expect(score.notes[2].measure).toBe('2');
  });
});

describe('parseMusicXml: files it refuses, with a reason for a person', () => {
  const reasonOf = (text: string): string => {
    try {
      parseMusicXml(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ScoreReadError);
      return (error as ScoreReadError).reason;
    }
    throw new Error('expected a ScoreReadError');
  };
  const good = scoreXml([quarters('C4', 'D4', 'E4', 'F4')]);

  it.each([
    [
      'plain text',
      'hello, this is not a score',
      /not readable MusicXML: text outside the root element at line 1/,
    ],
    ['an empty file', '', /no element found/],
    [
      'truncated XML',
      good.slice(0, good.indexOf('</part>')),
      /ends inside <part> of line 6 at line 8/,
    ],
    [
      'mismatched tags',
      '<score-partwise>\n<part-list></part>',
      /does not match <part-list> of line 2 at line 2/,
    ],
    [
      'an unquoted attribute',
      '<score-partwise version=4></score-partwise>',
      /not quoted at line 1/,
    ],
    [
      'a wrong root',
      '<opus><title>Suite</title></opus>',
      /top element is <opus>, not <score-partwise>/,
    ],
    [
      'a web page',
      '<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head></html>',
      /a web page \(HTML\)/,
    ],
    ['no part', '<score-partwise><part-list/></score-partwise>', /no parts/],
    [
      'an empty part',
      '<score-partwise><part id="P1"/></score-partwise>',
      /no notes to play \(an empty score\)/,
    ],
    ['a part of rests', scoreXml([note('rest', 16)]), /no notes to play/],
    [
      'a note without a pitch step',
      scoreXml(['<note><pitch><octave>4</octave></pitch><duration>4</duration></note>']),
      /Measure 1: a note has no readable pitch/,
    ],
    [
      'a note without a duration',
      scoreXml(['<note><pitch><step>C</step><octave>4</octave></pitch></note>']),
      /Measure 1: a <note> has no duration/,
    ],
  ])('%s', (_label, text, reason) => {
    expect(reasonOf(text)).toMatch(reason);
  });

  it('refuses text over 20 MB', () => {
    expect(reasonOf(' '.repeat(20 * 1024 * 1024 + 1))).toMatch(/larger than 20 MB/);
  });
});
