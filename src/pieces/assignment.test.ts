import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../music';
import {
  assignmentFileName,
  assignmentFromHash,
  assignmentJson,
  assignmentLink,
  parseAssignment,
} from './assignment';
import { partXml, scaleBars } from './test-scores.test-data';

const score = parseMusicXml(partXml(scaleBars(8), { title: 'Étude 3' }));
const practice = {
  mode: 'click',
  tempoPercent: 80,
  loop: { fromBar: 3, toBar: 6 },
  trainer: true,
  cleanPassesInARow: 3,
} as const;

describe('assignments', () => {
  it('round-trips the part and its settings through a file', () => {
    const back = parseAssignment(assignmentJson('Étude 3', score, practice));
    expect(back.title).toBe('Étude 3');
    expect(back.practice).toEqual(practice);
    expect(back.score.notes.map((n) => [n.written.letter, n.written.octave, n.startMs])).toEqual(
      score.notes.map((n) => [n.written.letter, n.written.octave, n.startMs]),
    );
  });

  it('round-trips through a link (fragment only, so nothing reaches a server)', () => {
    const json = assignmentJson('Étude 3', score, practice);
    const link = assignmentLink('https://app.example', json);
    const url = new URL(link);
    expect(url.pathname).toBe('/home/pieces');
    expect(url.search).toBe('');
    expect(assignmentFromHash(url.hash)).toBe(json);
    expect(assignmentFromHash('#other')).toBeNull();
    expect(() => assignmentFromHash('#assignment=AAAA')).toThrow(/damaged/);
  });

  it('refuses what is not an assignment, and drops a loop past the last bar', () => {
    expect(() => parseAssignment('{')).toThrow(/not an Embouchure assignment/);
    expect(() => parseAssignment('{"format":"x"}')).toThrow(/not an Embouchure assignment/);
    const json = assignmentJson('E', score, { ...practice, loop: { fromBar: 2, toBar: 99 } });
    expect(parseAssignment(json).practice.loop).toBeNull();
    expect(
      parseAssignment(json.replace('"tempoPercent":80', '"tempoPercent":5')).practice.tempoPercent,
    ).toBe(40);
  });

  it('carries the clean passes in a row a teacher asks for; an old file or a bad count gets 2', () => {
    const json = assignmentJson('E', score, practice);
    expect(parseAssignment(json).practice.cleanPassesInARow).toBe(3);
    for (const bad of [
      '',
      ',"cleanPassesInARow":0',
      ',"cleanPassesInARow":9',
      ',"cleanPassesInARow":"3"',
    ]) {
      const other = json.replace('"cleanPassesInARow":3', bad.replace(/^,/, '')).replace(',}', '}');
      expect(parseAssignment(other).practice.cleanPassesInARow).toBe(2);
    }
  });

  it('carries a teacher’s in-tune band and vibrato allowance; refuses a band out of range (U8)', () => {
    const lyrical = { ...practice, bandCents: 12, vibrato: true };
    const json = assignmentJson('Largo', score, lyrical);
    expect(parseAssignment(json).practice).toEqual(lyrical);
    // An assignment from before issue 37 has neither: graded at the moving notes' default.
    expect(
      parseAssignment(assignmentJson('E', score, practice)).practice.bandCents,
    ).toBeUndefined();
    for (const [bad, shown] of [
      ['80', '80'],
      ['1', '1'],
      ['"12"', '"12"'],
      ['null', 'null'],
    ] as const) {
      expect(() => parseAssignment(json.replace('"bandCents":12', `"bandCents":${bad}`))).toThrow(
        `This assignment's in-tune band (${shown}) must be ±3–30 ¢: ask your teacher for a corrected assignment.`,
      );
    }
  });

  it('names the file after the piece', () => {
    expect(assignmentFileName('Étude 3: "fast"')).toBe('Étude 3 fast (assignment).json');
  });
});
