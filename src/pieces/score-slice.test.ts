import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../music';
import { sliceScore } from './score-slice';
import { partXml, scaleBars } from './test-scores.test-data';

describe('sliceScore', () => {
  const score = parseMusicXml(partXml(scaleBars(6), { tempo: 120 }));

  it('keeps bars 3–4 as a score of their own, timed from its first bar', () => {
    const slice = sliceScore(score, 3, 4);
    expect(slice.noteIndices).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    expect(slice.score.notes.map((n) => n.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(slice.score.notes[0].startMs).toBe(0);
    expect(slice.score.notes[4].startMs).toBeCloseTo(2000, 6); // 4 quarters at ♩ = 120
    expect(slice.score.notes[0].written).toEqual(score.notes[8].written);
    expect(slice.score.measures).toHaveLength(2);
    expect(slice.score.lengthMs).toBeCloseTo(4000, 6);
  });

  it('names the allowed range when the bars are out of it', () => {
    expect(() => sliceScore(score, 0, 2)).toThrow(/1 ≤ from ≤ to ≤ 6/);
    expect(() => sliceScore(score, 4, 3)).toThrow(RangeError);
    expect(() => sliceScore(score, 2, 7)).toThrow(RangeError);
  });
});
