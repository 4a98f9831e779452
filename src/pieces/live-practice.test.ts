import { describe, expect, it } from 'vitest';
import { parseMusicXml, type AttemptAssessment, type NoteAssessment } from '../music';
import { beatsPerBarOf, clickBpm, isCleanPass } from './live-practice';
import { partXml, pitchXml } from './test-scores.test-data';

const note = (verdict: NoteAssessment['verdict']): NoteAssessment => ({
  index: 0,
  measure: '1',
  written: 'C5',
  onsetMs: verdict === 'missed' ? null : 0,
  heard: verdict === 'missed' ? null : 'C5',
  cents: 0,
  verdict,
  flags: [],
  scores: { pitch: 100, timing: 100, steadiness: 100 },
  reasons: [],
});
const attempt = (verdicts: NoteAssessment['verdict'][], overall: number): AttemptAssessment => ({
  notes: verdicts.map(note),
  scores: { pitch: overall, timing: overall, steadiness: overall, overall },
  fixFirst: null,
});

describe('tempo trainer and click', () => {
  it('a clean pass has every note played and an overall score of at least 85', () => {
    expect(isCleanPass(attempt(['played', 'played'], 85))).toBe(true);
    expect(isCleanPass(attempt(['played', 'played'], 84.9))).toBe(false);
    expect(isCleanPass(attempt(['played', 'wrong'], 99))).toBe(false);
    expect(isCleanPass(attempt(['missed', 'played'], 99))).toBe(false);
  });

  it.each([
    ['4/4', '<time><beats>4</beats><beat-type>4</beat-type></time>', 4],
    ['3/4', '<time><beats>3</beats><beat-type>4</beat-type></time>', 3],
    ['6/8', '<time><beats>6</beats><beat-type>8</beat-type></time>', 3],
    ['2/2', '<time><beats>2</beats><beat-type>2</beat-type></time>', 4],
  ])(
    'clicks a %s bar in %i quarter-note clicks, at the % of the marked tempo',
    (_, time, clicks) => {
      const score = parseMusicXml(
        partXml([pitchXml('C5', 4)], {
          attributes: `<key><fifths>0</fifths></key>${time}`,
          tempo: 90,
        }),
      );
      expect(beatsPerBarOf(score)).toBe(clicks);
      expect(clickBpm(score, 100)).toBe(90);
      expect(clickBpm(score, 70)).toBe(63);
    },
  );
});
