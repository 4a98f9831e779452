import { describe, expect, it } from 'vitest';
import { createTestStream } from '../../audio/testing/stream';
import { articulationPassage, writtenMidiToHz, type Tonguing } from '../../music';
import { createTimedSession } from './timed-session';

/**
 * The articulation session sets K against T (issue 22): double and triple tonguing at 60 bpm on
 * G4, every K `kLateMs` behind the grid, through a synthetic fast-mode stream (note events from
 * the stream's own tracker). Each note sounds 150 ms, then silence (a tongue the tracker hears).
 */
function practise(tonguing: Tonguing, perBeat: number, kLateMs: number) {
  return practiseWhole(tonguing, perBeat, kLateMs).articulation;
}

function practiseWhole(tonguing: Tonguing, perBeat: number, kLateMs: number) {
  const passage = articulationPassage({ tonguing, pattern: 'note', bars: 2 });
  const session = createTimedSession({
    tempoBpm: 60,
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: 15,
    passage,
    articulationNotesPerBeat: perBeat,
    articulationTonguing: tonguing,
  });
  session.begin(0); // a bar of count-in at 1000 ms a beat: the first note at 4000
  const g4 = writtenMidiToHz(67, 'bb-trumpet');
  const noteMs = 1000 / perBeat;
  const notes = 7 * perBeat + 1;
  const isK = (k: number): boolean =>
    tonguing === 'double' ? k % 2 === 1 : tonguing === 'triple' ? k % 3 === 2 : false;
  createTestStream(session).play(
    0,
    4000 + notes * noteMs + 1500,
    (t) => {
      const k = Math.floor((t - 4000) / noteMs);
      if (k < 0 || k >= notes) return 0;
      const start = 4000 + k * noteMs + (isK(k) ? kLateMs : 0);
      return t >= start && t < start + 150 ? g4 : 0;
    },
    (t) => session.tick(t),
  );
  session.finish();
  return session.state.get();
}

describe('articulation session: K against T', () => {
  it('double tonguing, every K 40 ms late: the K-behind line', () => {
    const summary = practise('double', 4, 40);
    expect(summary?.tAndK?.kBehindMs).toBeGreaterThan(30);
    expect(summary?.tAndK?.kBehindMs).toBeLessThan(50);
    expect(summary?.tAndK?.text).toMatch(/^Your K lands \d+ ms behind your T: practise K alone/);
    expect(summary?.tAndK?.k.heard).toBe(14);
  });

  it('triple tonguing (T T K), every K 40 ms late: the K-behind line', () => {
    const summary = practise('triple', 3, 40);
    expect(summary?.tAndK?.text).toMatch(/^Your K lands \d+ ms behind your T/);
    expect(summary?.tAndK?.k.heard).toBe(7);
  });

  it('double tonguing on the grid: T and K match', () => {
    expect(practise('double', 4, 0)?.tAndK?.text).toBe('T and K match (within 15 ms).');
  });

  // U14: "Well played." sat above "Your K lands 25 ms behind your T"; with K 40 ms late the
  // summary said "Uneven notes in bar 1". One message now: the K.
  it.each([25, 40])(
    'double tonguing, every K %i ms late: the summary says the K line, once',
    (lateMs) => {
      const state = practiseWhole('double', 4, lateMs);
      const kLine = state.articulation?.tAndK?.text ?? '';
      expect(kLine).toMatch(/^Your K lands \d+ ms behind your T: practise K alone/);
      expect(state.summary?.text).toContain(kLine);
      expect(state.summary?.text).not.toMatch(/Well played|Uneven notes|runs are uneven/);
    },
  );

  it('single tonguing and the K-alone drill have no T-against-K line', () => {
    expect(practise('single', 2, 0)?.tAndK).toBeNull();
    expect(practise('k-only', 2, 40)?.tAndK).toBeNull();
  });
});
