/**
 * Issue 37, U5: a C major scale played in just intonation against the scales' drone on the tonic,
 * each degree where the tuner aims it over that drone (E −14, A −16, B −12 ¢), through the real
 * timed session and the synthetic stream. Over the drone it is in tune; the same take graded in
 * equal temperament (no drone) is not, which is what the scales said before.
 */
import { describe, expect, it } from 'vitest';
import {
  buildScale,
  intonationTarget,
  phrase,
  shiftHzByCents,
  writtenMidiToHz,
  type DroneReference,
} from '../../music';
import { createTestStream } from '../../audio/testing/stream';
import { createTimedSession } from './timed-session';
import { SCALES_DEFAULT_BAND_CENTS } from '../setups';

const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 8);
const passage = {
  beatsPerBar: 4,
  key: null,
  events: phrase(notes, { subdivision: 1, beatsPerBar: 4, slurred: false }),
};
/** The scales' drone on written C4 for a B♭ trumpet: concert B♭3, named as the key is (C). */
const drone: DroneReference = { rootConcertMidi: 58, name: 'C' };
/** The tuner's own just targets over a C root (written; an interval is the same in concert). */
const justCents = notes.map((n) => intonationTarget(n.midi, 60, 'just').offsetCents);

function playJust(withDrone: boolean) {
  const session = createTimedSession({
    passage,
    tempoBpm: 120,
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: SCALES_DEFAULT_BAND_CENTS,
    ...(withDrone ? { drone } : {}),
  });
  session.begin(0); // first note due at 2000 ms, one every 500 ms
  const hz = notes.map((n, i) =>
    shiftHzByCents(writtenMidiToHz(n.midi, 'bb-trumpet'), justCents[i] ?? 0),
  );
  createTestStream(session).play(
    0,
    2000 + 8 * 500 + 600,
    (t) => {
      const k = Math.floor((t - 2000) / 500);
      return k >= 0 && k < 8 && t - 2000 - k * 500 < 440 ? (hz[k] ?? 0) : 0;
    },
    (t) => session.tick(t),
  );
  return session.state.get();
}

const pitchFlags = (state: ReturnType<typeof playJust>) =>
  state.outcomes.flatMap((o) =>
    o.verdict.flags.filter((f) => f.flag === 'flat' || f.flag === 'sharp').map(() => o.name),
  );

describe('scales over the drone are judged in just intonation (U5)', () => {
  it('uses the tuner’s targets: E −14, A −16, B −12 ¢ over C', () => {
    expect(justCents.map(Math.round)).toEqual([0, 4, -14, -2, 2, -16, -12, 0]);
  });

  it('C major at the just targets over the tonic drone: no flat flag, said how it was judged', () => {
    const state = playJust(true);
    expect(state.outcomes.map((o) => o.outcome)).toEqual(Array(8).fill('played'));
    expect(pitchFlags(state)).toEqual([]);
    for (const o of state.outcomes) expect(Math.abs(o.verdict.cents ?? 99)).toBeLessThan(3);
    expect(state.summary?.text).not.toMatch(/flat|sharp|slide/);
    expect(state.judgedIn).toBe('Judged in just intonation against the C drone.');
    // The live target is the just one too: what the tuner shows and what is graded agree.
    expect(state.outcomes[5]?.medianCents).toBeCloseTo(0, 0);
  });

  it('the same take graded in equal temperament (no drone) flags A4 flat', () => {
    const state = playJust(false);
    expect(pitchFlags(state)).toEqual(['A4']);
    expect(state.summary?.text).toContain('A4 in bar 2 is 16 ¢ flat');
    expect(state.judgedIn).toBeNull();
  });
});
