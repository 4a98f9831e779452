/**
 * A timed exercise reports a clean pass (issue 24) by the same rule as the pieces (`isCleanPass`,
 * src/music): a running speed trainer in clean-pass mode raises its tempo after one. Played on
 * time through the test stream: a clean scale reports once; one wrong note or a note left out
 * reports nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStream } from '../../audio/testing/stream';
import { cleanPasses, type CleanPass } from '../../lib/clean-pass';
import { buildScale, phrase, writtenMidiToHz } from '../../music';
import { createTimedSession } from './timed-session';

const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 8);
const passage = {
  beatsPerBar: 4,
  key: null,
  events: phrase(notes, { subdivision: 1, beatsPerBar: 4, slurred: false }),
};

/** Plays the scale at 120 (first note at 2000 ms): `heard(k)` is the written MIDI played for note k, null for none. */
function play(heard: (k: number) => number | null) {
  const session = createTimedSession({
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: 10,
    tempoBpm: 120,
    passage,
  });
  session.begin(0);
  createTestStream(session).play(
    0,
    2000 + 8 * 500 + 600,
    (t) => {
      const k = Math.floor((t - 2000) / 500);
      const into = t - 2000 - k * 500;
      const midi = k >= 0 && k < 8 && into < 440 ? heard(k) : null;
      return midi === null ? 0 : writtenMidiToHz(midi, 'bb-trumpet');
    },
    (t) => session.tick(t),
  );
  return session.state.get();
}

describe('a timed exercise reports a clean pass', () => {
  let passes: CleanPass[] = [];
  let off = () => {};
  beforeEach(() => {
    passes = [];
    off = cleanPasses.subscribe((pass) => passes.push(pass));
  });
  afterEach(() => off());

  it('every note played in time and in tune: clean, reported once', () => {
    const state = play((k) => notes[k]?.midi ?? null);
    expect(state.phase).toBe('done');
    expect(state.outcomes.map((o) => o.verdict.verdict)).toEqual(Array(8).fill('played'));
    expect(state.score).toBeGreaterThanOrEqual(85);
    expect(state.clean).toBe(true);
    expect(passes).toHaveLength(1);
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
  ])('$what: not clean, nothing reported', ({ heard }) => {
    const state = play(heard);
    expect(state.phase).toBe('done');
    expect(state.outcomes.some((o) => o.verdict.verdict !== 'played')).toBe(true);
    expect(state.clean).toBe(false);
    expect(passes).toEqual([]);
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
