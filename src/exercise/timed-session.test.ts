import { describe, expect, it } from 'vitest';
import { buildScale, lipSlurSequence } from '../music/scales';
import { writtenMidiToHz } from '../music/transposition';
import { createTestStream } from '../audio/testing/stream';
import { createTimedSession } from './timed-session';

const base = { tempoBpm: 120, instrument: 'bb-trumpet', a4Hz: 440 } as const;

/**
 * Plays `hzAt(tMs)` (the pitch of the audio at time t) into the session through a fast-mode pitch
 * stream (readings every 16 ms, note events from the stream's tracker), ticking the clock.
 */
function play(
  session: ReturnType<typeof createTimedSession>,
  fromMs: number,
  toMs: number,
  hzAt: (t: number) => number,
) {
  createTestStream(session).play(fromMs, toMs, hzAt, (t) => session.tick(t));
}

describe('timed session (scales and lip slurs to the metronome)', () => {
  it('a C major scale played on the beat scores high, note by note', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 });
    const session = createTimedSession({ ...base, notes });
    session.begin(1000); // count-in 4 beats of 500 ms: first note due at 3000
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    play(session, 1000, 3000 + notes.length * 500, (t) => {
      const i = Math.floor((t - 3000 + 10) / 500);
      return i >= 0 && i < notes.length ? hz[i] : 0;
    });
    const state = session.state.get();
    expect(state.phase).toBe('done');
    expect(state.outcomes).toHaveLength(15);
    expect(state.outcomes.map((o) => o.outcome).every((o) => o === 'locked')).toBe(true);
    expect(state.score).toBeGreaterThan(90);
    expect(state.outcomes[0].name).toBe('C4');
  });

  it('lip slurs: landing on the partial above the target is a crack', () => {
    const notes = lipSlurSequence({ combos: ['0'] }).map((n, _i, all) => ({
      ...n,
      neighbours: all.filter((m) => m.partial !== n.partial).map((m) => m.midi),
    }));
    const session = createTimedSession({ ...base, notes });
    session.begin(0);
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    const e5 = hz[3];
    play(session, 0, 2000 + notes.length * 500, (t) => {
      const i = Math.floor((t - 2000 + 10) / 500);
      if (i < 0 || i >= notes.length) return 0;
      return i === 2 ? e5 : hz[i]; // C5 (4th partial) cracks up to E5
    });
    const outcomes = session.state.get().outcomes;
    expect(outcomes[2]).toMatchObject({ name: 'C5', outcome: 'cracked', score: 0 });
    expect(outcomes[1].outcome).toBe('locked');
  });
});
