import { describe, expect, it } from 'vitest';
import { readScoreFile } from './import.worker';
import { refuseBeforeReading } from './import-client';
import { partXml, pitchXml, quarterBar, scaleBars } from './test-scores.test-data';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('readScoreFile (the import worker)', () => {
  it('reads a one-part file', () => {
    const answer = readScoreFile({ name: 'a.musicxml', bytes: bytes(partXml(scaleBars(3))) });
    expect(answer.kind).toBe('score');
    if (answer.kind === 'score') expect(answer.score.notes).toHaveLength(12);
  });

  it('asks which part of a multi-part file, then reads the chosen one', () => {
    const xml = partXml(scaleBars(2), { parts: 3 });
    const first = readScoreFile({ name: 'band.xml', bytes: bytes(xml) });
    expect(first).toEqual({
      kind: 'parts',
      parts: [
        { id: 'P1', name: 'Trumpet in Bb' },
        { id: 'P2', name: 'Part 2' },
        { id: 'P3', name: 'Part 3' },
      ],
    });
    const chosen = readScoreFile({ name: 'band.xml', bytes: bytes(xml), partId: 'P2' });
    expect(chosen).toMatchObject({ kind: 'score', partId: 'P2' });
  });

  it('reduces a chord to its top note and says so', () => {
    const chord = pitchXml('C4', 4) + pitchXml('E4', 4).replace('<pitch>', '<chord/><pitch>');
    const answer = readScoreFile({
      name: 'c.musicxml',
      bytes: bytes(partXml([chord + quarterBar('D4', 'E4', 'F4')])),
    });
    expect(answer.kind).toBe('score');
    if (answer.kind !== 'score') return;
    expect(answer.score.notes[0].written.letter).toBe('E');
    expect(answer.score.notices.join(' ')).toMatch(/chord/i);
  });

  it.each([
    ['malformed XML', 'x.musicxml', '<score-partwise><part-list>', /XML|well-formed|line/i],
    ['a zip without a score', 'x.mxl', 'PK\u0003\u0004garbage', /zip|score/i],
    ['an empty part', 'x.musicxml', partXml([pitchXml('rest', 16)]), /no notes|empty/i],
    ['an HTML page', 'x.xml', '<!DOCTYPE html><html><body>hi</body></html>', /HTML|MusicXML/i],
  ])('refuses %s with a reason', (_, name, text, reason) => {
    const answer = readScoreFile({ name, bytes: bytes(text) });
    expect(answer.kind).toBe('refused');
    if (answer.kind === 'refused') expect(answer.reason).toMatch(reason);
  });
});

describe('refuseBeforeReading', () => {
  it('refuses a 50 MB file, a PDF and an empty file before reading them', () => {
    expect(refuseBeforeReading({ name: 'big.musicxml', size: 50 * 1024 * 1024 })).toMatch(
      /too large \(50 MB; at most 20 MB\)/,
    );
    expect(refuseBeforeReading({ name: 'part.pdf', size: 1000 })).toMatch(/not a MusicXML file/);
    expect(refuseBeforeReading({ name: 'part.xml', size: 0 })).toMatch(/empty/);
    expect(refuseBeforeReading({ name: 'part.MXL', size: 1000 })).toBeNull();
  });
});
