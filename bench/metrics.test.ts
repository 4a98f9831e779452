// Scoring and labelling used by the benchmark and the corpus tests.
import { describe, expect, it } from 'vitest';
import { labelFrame, normaliseChunks, type TruthSegment } from './corpus.ts';
import { newTally, quantile, scoreUnvoiced, scoreVoiced, summarise } from './metrics.ts';

describe('scoring', () => {
  it('counts correct, gross and octave errors, and cents on steady frames only', () => {
    const t = newTally();
    scoreVoiced(t, 440 * 2 ** (0.3 / 1200), 440, true, 440); // correct, 0.3 c
    scoreVoiced(t, 880, 440, true, 440); // octave up
    scoreVoiced(t, 660, 440, false, null); // fifth: gross, not octave
    scoreVoiced(t, 0, 440, false, null); // unvoiced reading
    const s = summarise(t);
    expect(s.voicedFrames).toBe(4);
    expect(s.rawPitchAccuracy).toBe(0.25);
    expect(s.grossErrorRate).toBe(0.5);
    expect(s.octaveErrors).toBe(1);
    expect(s.voicingRecall).toBe(0.75);
    expect(s.steadyScored).toBe(1);
    expect(s.medianCents).toBeCloseTo(0.3, 6);
  });

  it('reports false pitches per kind of unvoiced frame', () => {
    const t = newTally();
    scoreUnvoiced(t, 0, 'silence');
    scoreUnvoiced(t, 0, 'noise-only');
    scoreUnvoiced(t, 123, 'noise-only');
    const s = summarise(t);
    expect(s.falsePitchRate.silence).toBe(0);
    expect(s.falsePitchRate['noise-only']).toBe(0.5);
    expect(s.falsePitchRate.all).toBeCloseTo(1 / 3, 9);
  });

  it('interpolates quantiles', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.95)).toBeCloseTo(4.8, 9);
  });
});

describe('frame labelling', () => {
  const segments: TruthSegment[] = [
    { start: 0, end: 0.15, hz: null },
    { start: 0.18, end: 0.45, hz: 330, steady: false, note: 0 },
    { start: 0.45, end: 1.45, hz: 330, steady: true, note: 0 },
  ];

  it('labels silence, onsets, attacks and sustain', () => {
    expect(labelFrame(segments, 0, 0.1)).toEqual({ voiced: false });
    expect(labelFrame(segments, 0.1, 0.2)).toBeNull(); // straddles the onset
    expect(labelFrame(segments, 0.2, 0.3)).toEqual({
      voiced: true,
      hz: expect.closeTo(330, 9),
      steady: false,
      note: 0,
    });
    expect(labelFrame(segments, 0.5, 0.6)).toEqual({
      voiced: true,
      hz: expect.closeTo(330, 9),
      steady: true,
      note: 0,
    });
    expect(labelFrame(segments, 1.4, 1.5)).toBeNull(); // release tail
  });

  it('averages log frequency over a pitch curve', () => {
    const bend: TruthSegment[] = [
      {
        start: 0,
        end: 1,
        hz: 200,
        hz_curve: [
          [0, 100],
          [0.5, 400],
        ],
        note: 0,
      },
    ];
    const label = labelFrame(bend, 0, 1);
    expect(label?.voiced && label.hz).toBeCloseTo(200, 9);
  });
});

describe('product framing', () => {
  it('divides each 128-sample chunk by its own max |x| and keeps the divisors', () => {
    const x = new Float32Array(256);
    x[3] = -0.5;
    x[10] = 0.25;
    const { normalised, divisors } = normaliseChunks(x);
    expect(Array.from(divisors)).toEqual([0.5, 0]);
    expect(normalised[3]).toBe(-1);
    expect(normalised[10]).toBe(0.5);
    expect(normalised[200]).toBe(0);
  });
});
