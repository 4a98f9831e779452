/**
 * A timed exercise reports a clean pass (issue 24) by the same rule as the pieces (`isCleanPass`,
 * src/music): a running speed trainer in clean-pass mode raises its tempo after one. Played on
 * time through the test stream: a clean scale reports once; one wrong note or a note left out
 * reports nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStream } from '../../audio/testing/stream';
import { judgedPasses, reportPass, type JudgedPass } from '../../lib/clean-pass';
import { buildScale, phrase, writtenMidiToHz } from '../../music';
import { createTimedSession } from './timed-session';

const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 8);
const passage = {
  beatsPerBar: 4,
  key: null,
  events: phrase(notes, { subdivision: 1, beatsPerBar: 4, slurred: false }),
};

/**
 * Plays the scale at 120 (first note at 2000 ms): `heard(k)` is the written MIDI played for note
 * k, null for none; `shape` bends it (cents at ms into the note) and moves its onset (ms late).
 */
function play(
  heard: (k: number) => number | null,
  shape: { lateMs?: (k: number) => number; centsAt?: (k: number, intoMs: number) => number } = {},
) {
  const session = createTimedSession({
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: 10,
    tempoBpm: 120,
    passage,
    onJudged: reportPass, // as TimedExercise.tsx hands it the bus
  });
  session.begin(0);
  createTestStream(session).play(
    0,
    2000 + 8 * 500 + 600,
    (t) => {
      // The note sounding at t: each starts `lateMs` after its beat and lasts 440 ms.
      for (let k = 0; k < 8; k++) {
        const into = t - 2000 - k * 500 - (shape.lateMs?.(k) ?? 0);
        if (into < 0 || into >= 440) continue;
        const midi = heard(k);
        if (midi === null) return 0;
        const cents = shape.centsAt?.(k, into) ?? 0;
        return writtenMidiToHz(midi, 'bb-trumpet') * 2 ** (cents / 1200);
      }
      return 0;
    },
    (t) => session.tick(t),
  );
  return session.state.get();
}

describe('a timed exercise reports a clean pass', () => {
  let passes: JudgedPass[] = [];
  let off = () => {};
  beforeEach(() => {
    passes = [];
    off = judgedPasses.subscribe((pass) => passes.push(pass));
  });
  afterEach(() => off());

  it('every note played in time and in tune: clean, reported once', () => {
    const state = play((k) => notes[k]?.midi ?? null);
    expect(state.phase).toBe('done');
    expect(state.outcomes.map((o) => o.verdict.verdict)).toEqual(Array(8).fill('played'));
    expect(state.score).toBeGreaterThanOrEqual(85);
    expect(state.clean).toBe(true);
    expect(state.notClean).toBeNull();
    expect(passes).toEqual([{ what: 'a timed exercise', clean: true }]);
  });

  it.each([
    {
      what: 'the 4th note a whole tone high (wrong)',
      heard: (k: number) => (notes[k]?.midi ?? 0) + (k === 3 ? 2 : 0),
    },
    {
      what: 'the 6th note left out (missed)',
      heard: (k: number) => (k === 5 ? null : (notes[k]?.midi ?? null)),
    },
  ])('$what: not clean, reported as not clean', ({ heard }) => {
    const state = play(heard);
    expect(state.phase).toBe('done');
    expect(state.outcomes.some((o) => o.verdict.verdict !== 'played')).toBe(true);
    expect(state.clean).toBe(false);
    expect(passes).toEqual([{ what: 'a timed exercise', clean: false }]);
  });

  // Issue 37, U2: each of these used to count as clean (scores 87–100), so the speed trainer
  // raised the tempo on a pass the summary had just called dragging, cracked or sharp.
  it.each([
    {
      what: 'every note 200 ms late',
      shape: { lateMs: () => 200 },
      says: /8 notes late or early/,
    },
    {
      what: 'the 5th note cracked to the partial above for 150 ms',
      shape: {
        centsAt: (k: number, into: number) => (k === 4 && into >= 150 && into < 300 ? 500 : 0),
      },
      says: /1 note cracked/,
    },
    {
      what: 'every note 30 ¢ sharp',
      shape: { centsAt: () => 30 },
      says: /8 notes out of tune/,
    },
  ])('$what: played, but not clean, and it says why', ({ shape, says }) => {
    const state = play((k) => notes[k]?.midi ?? null, shape);
    expect(state.phase).toBe('done');
    expect(state.outcomes.every((o) => o.verdict.verdict === 'played')).toBe(true);
    expect(state.clean).toBe(false);
    expect(state.notClean).toMatch(says);
    expect(passes).toEqual([{ what: 'a timed exercise', clean: false }]);
  });

  it('finished before it started: nothing scored, nothing reported', () => {
    const session = createTimedSession({
      instrument: 'bb-trumpet',
      a4Hz: 440,
      inTuneCents: 10,
      tempoBpm: 120,
      passage,
    });
    session.finish();
    expect(session.state.get()).toMatchObject({ phase: 'done', clean: false });
    expect(passes).toEqual([]);
  });
});
