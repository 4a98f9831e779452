import { describe, expect, it } from 'vitest';
import { REST_NUDGE_BELOW_RATIO, REST_NUDGE_MIN_SOUND_MIN, restNudge } from './rest-nudge';

describe("the Progress tab's rest nudge (teacher reading 3, U21)", () => {
  it('little rest over a real week of playing: "rest as long as you play"', () => {
    // 60 min played, 15 min rested: 15 / 75 = 20 %.
    expect(restNudge(15 / 75, 60)).toBe(
      'You rested 20 % of the time this week: rest as long as you play, a minute off the face for each minute on, so the lips recover and stay flexible.',
    );
    expect(restNudge(0, 30)).toMatch(/^You rested 0 % of the time this week: rest as long as/);
  });
  it('says nothing when the rest is a third or more, or there is too little playing to judge', () => {
    const rows: [number | null, number][] = [
      [0.5, 60], // rest as long as play
      [REST_NUDGE_BELOW_RATIO, 60], // a third exactly
      [45 / 130, 85], // the seeded week in e2e/companion.e2e.ts: 35 %
      [0.1, REST_NUDGE_MIN_SOUND_MIN - 1], // 9 minutes on the tuner
      [null, 0], // no sound at all
    ];
    for (const [ratio, minutes] of rows)
      expect(restNudge(ratio, minutes), String(ratio)).toBeNull();
  });
});
