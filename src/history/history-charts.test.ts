import { describe, expect, it } from 'vitest';
import { HISTORY_CHARTS } from './HistoryCharts';

describe('issue 22 row 5: no pooled "notes you play sharp or flat" chart', () => {
  it('the history shows practice and scores; per-note intonation is the intonation map’s', () => {
    const titles = HISTORY_CHARTS.map((c) => c.title);
    expect(titles).toEqual(['Practice time per day', 'Scores over time']);
    expect(titles.join(' ')).not.toMatch(/sharp|flat/i);
  });
});
