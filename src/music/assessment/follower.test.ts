import { describe, expect, it } from 'vitest';
import { alignSegments, createScoreFollower, type FollowedNote } from './follower';
import type { PlayedSegment } from './performance';

/** A score of quarter notes at 120 qpm (500 ms each) on the given concert MIDI numbers. */
const quarters = (midis: readonly number[]): FollowedNote[] =>
  midis.map((midi, i) => ({ midi, startMs: 500 * i }));

/** Played segments: [midi, onsetMs, durationMs]. */
const played = (notes: readonly (readonly [number, number, number])[]): PlayedSegment[] =>
  notes.map(([midi, onsetMs, durationMs]) => ({
    midi,
    onsetMs,
    offsetMs: onsetMs + durationMs,
    from: 0,
    to: 0,
    reattack: false,
  }));

/** A performance of `score` starting at `atMs`, each note `ratio` × its written time. */
const perform = (
  score: readonly FollowedNote[],
  atMs = 1000,
  ratio = 1,
): [number, number, number][] => score.map((n) => [n.midi, atMs + n.startMs * ratio, 450 * ratio]);

const SCALE = [60, 62, 64, 65, 67, 69, 71, 72, 71, 69, 67, 65, 64, 62, 60];

describe('score follower', () => {
  it('matches a clean performance note for note, whatever the tempo and start', () => {
    const score = quarters(SCALE);
    for (const ratio of [0.6, 1, 1.7]) {
      const a = alignSegments(score, played(perform(score, 3000, ratio)));
      expect([...a.segmentOf]).toEqual(SCALE.map((_, i) => i));
      expect(a.jumps).toBe(0);
    }
  });

  it('follows rubato: a phrase that slows to half speed', () => {
    const score = quarters(SCALE);
    let t = 500;
    const segs = score.map((n, i) => {
      const note: [number, number, number] = [n.midi, t, 400];
      t += 500 * (1 + i / 14);
      return note;
    });
    expect([...alignSegments(score, played(segs)).segmentOf]).toEqual(SCALE.map((_, i) => i));
  });

  it('ignores noise before the first note and a crack inside the music', () => {
    const score = quarters(SCALE);
    const segs = perform(score);
    segs.splice(4, 0, [79, 1000 + 500 * 3 + 200, 60]); // a 60 ms blip to another partial
    const noise: [number, number, number][] = [
      [Number.NaN, 100, 300],
      [45, 500, 40],
    ];
    const a = alignSegments(score, played([...noise, ...segs]));
    expect(a.noteOf[0]).toBe(-1);
    expect(a.noteOf[1]).toBe(-1);
    expect(a.noteOf[6]).toBe(-1); // the blip
    expect([...a.segmentOf].every((s) => s >= 0)).toBe(true);
  });

  it('calls a held different pitch a wrong note in its place, and a skipped note missed', () => {
    const score = quarters(SCALE);
    const segs = perform(score);
    segs[5] = [68, segs[5][1], 450]; // A♭ for A
    segs.splice(9, 1); // note 9 never played
    const a = alignSegments(score, played(segs));
    expect(a.segmentOf[5]).toBe(5);
    expect(a.segmentOf[9]).toBe(-1);
    expect(a.segmentOf[10]).toBe(9);
  });

  it('takes a skipped bar as one jump and judges the final attempt after a restart', () => {
    const score = quarters([...SCALE, ...SCALE.map((m) => m + 2)]);
    // Skip notes 8..11 (a bar), then restart from note 4 after finishing.
    const all = perform(score);
    const skipped = [
      ...all.slice(0, 8),
      ...all.slice(12).map(([m, t, d]) => [m, t - 2000, d] as [number, number, number]),
    ];
    const a = alignSegments(score, played(skipped));
    expect([8, 9, 10, 11].map((i) => a.segmentOf[i])).toEqual([-1, -1, -1, -1]);
    expect(a.segmentOf[12]).toBe(8);

    const first = perform(score).slice(0, 10);
    const again = perform(score, 8000)
      .slice(4)
      .map(([m, t, d]) => [m, t - 2000, d] as [number, number, number]);
    const b = alignSegments(score, played([...first, ...again]));
    expect(b.jumps).toBe(1);
    expect(b.segmentOf[4]).toBe(10); // the second attempt at note 4 is the one judged
    expect(b.attemptOf[4]).toBe(1);
    expect(b.segmentOf[0]).toBe(0); // notes before the restart point keep their first attempt
    expect(b.noteOf[4]).toBe(-1); // the first attempt at note 4 is no longer judged
  });

  it('survives a long pause mid-piece', () => {
    const score = quarters(SCALE);
    const segs = perform(score).map(
      ([m, t, d], i) => [m, i >= 7 ? t + 20000 : t, d] as [number, number, number],
    );
    expect([...alignSegments(score, played(segs)).segmentOf]).toEqual(SCALE.map((_, i) => i));
  });

  it('tells repeated pitches apart by their timing', () => {
    const score = quarters([60, 60, 60, 60, 62, 62, 62, 62]);
    const segs = perform(score);
    segs.splice(1, 1); // the second C missed
    const a = alignSegments(score, played(segs));
    expect(a.segmentOf[1]).toBe(-1);
    expect([a.segmentOf[0], a.segmentOf[2], a.segmentOf[3]]).toEqual([0, 1, 2]);
  });

  it('reports the position live as segments arrive', () => {
    const score = quarters(SCALE);
    const follower = createScoreFollower(score);
    expect(follower.position()).toBe(-1);
    played(perform(score))
      .slice(0, 6)
      .forEach((s) => follower.push(s));
    expect(follower.position()).toBe(5);
  });
});
