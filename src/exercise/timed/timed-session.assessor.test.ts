/**
 * Issue 21's in-app symptoms, replayed through the timed session (scales, lip slurs, articulation)
 * now that the one assessor judges it: each scenario is what the issue measured on the old
 * fixed windows, and what a teacher would say instead.
 */
import { describe, expect, it } from 'vitest';
import { articulationPassage, buildScale, phrase, timedNotes, writtenMidiToHz } from '../../music';
import { createTestStream } from '../../audio/testing/stream';
import { createTimedSession } from './timed-session';

const base = { instrument: 'bb-trumpet', a4Hz: 440, inTuneCents: 10 } as const;
const flags = (o: { verdict: { flags: readonly { flag: string }[] } }) =>
  o.verdict.flags.map((f) => f.flag);

describe('the timed session judged by the assessor (issue 21)', () => {
  it.each([130, 200])('a C major scale %i ms behind the click is late, never wrong', (lateMs) => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 8);
    const passage = {
      beatsPerBar: 4,
      key: null,
      events: phrase(notes, { subdivision: 1, beatsPerBar: 4, slurred: false }),
    };
    const session = createTimedSession({ ...base, tempoBpm: 120, passage });
    session.begin(0); // first note due at 2000 ms
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    createTestStream(session).play(
      0,
      2000 + 8 * 500 + lateMs + 600,
      (t) => {
        const k = Math.floor((t - 2000 - lateMs) / 500);
        const into = t - 2000 - lateMs - k * 500;
        return k >= 0 && k < 8 && into < 440 ? hz[k] : 0;
      },
      (t) => session.tick(t),
    );
    const { outcomes, summary } = session.state.get();
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(8).fill('played'));
    for (const o of outcomes) {
      expect(flags(o)).toContain('late');
      expect(o.result.scores.pitch).toBe(100);
      expect(o.verdict.reasons.join(' ')).toMatch(/Came in \d+ ms late/);
    }
    expect(summary?.text).not.toMatch(/key, the fingerings/);
    expect(summary?.text).toMatch(/drag|behind/i);
    // Lateness costs timing only: pitch and steadiness keep the attempt well above the old 20.
    expect(session.state.get().score).toBeGreaterThan(60);
  });

  it('single tonguing on G4 at 80 bpm, every stroke on the eighth grid: on time, not "early"', () => {
    const passage = articulationPassage({ tonguing: 'single', pattern: 'note', bars: 2 });
    const session = createTimedSession({
      ...base,
      tempoBpm: 80,
      passage,
      articulationNotesPerBeat: 2,
      articulationTonguing: 'single',
    });
    session.begin(0); // 4 beats of 750 ms: first note at 3000, eighths every 375 ms
    const g4 = writtenMidiToHz(67, 'bb-trumpet');
    const timed = timedNotes(passage);
    const strokes = timed.length;
    const lastBeats = (timed[strokes - 1] as { beats: number }).beats;
    createTestStream(session).play(
      0,
      3000 + strokes * 375 + lastBeats * 750 + 1200,
      (t) => {
        const k = Math.floor((t - 3000) / 375);
        if (k < 0) return 0;
        // Each stroke sounds 280 ms of its 375; the last note is held its written length.
        if (k >= strokes - 1)
          return t - 3000 - (strokes - 1) * 375 < lastBeats * 750 - 100 ? g4 : 0;
        return (t - 3000) % 375 < 280 ? g4 : 0;
      },
      (t) => session.tick(t),
    );
    const { outcomes } = session.state.get();
    expect(outcomes.length).toBe(strokes);
    for (const o of outcomes) {
      expect(o.outcome).toBe('played');
      expect(flags(o)).not.toContain('early');
      expect(o.result.scores.timing).toBeGreaterThanOrEqual(95);
      expect(Math.abs(o.timingMs as number)).toBeLessThan(30);
    }
  });

  it('a scooped F4 (its first 150 ms 25 ¢ flat) in eighths is F4 played, not E4', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 5);
    const passage = {
      beatsPerBar: 4,
      key: null,
      events: phrase(notes, { subdivision: 2, beatsPerBar: 4, slurred: false }),
    };
    const session = createTimedSession({ ...base, tempoBpm: 80, passage });
    session.begin(0); // first note at 3000, eighths every 375 ms
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    createTestStream(session).play(
      0,
      3000 + 5 * 375 + 1200,
      (t) => {
        const k = Math.floor((t - 3000) / 375);
        const into = t - 3000 - k * 375;
        if (k < 0 || k >= 5 || into >= 330) return 0;
        const scoop = k === 3 && into < 150 ? 2 ** (-25 / 1200) : 1;
        return hz[k] * scoop;
      },
      (t) => session.tick(t),
    );
    const f4 = session.state.get().outcomes[3];
    expect(f4?.name).toBe('F4');
    expect(f4?.outcome).toBe('played');
    expect(f4?.verdict.reasons.join(' ')).not.toMatch(/Heard/);
  });

  it('a 300 ms dropout inside a held note is named a crack, with when', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 2);
    const passage = {
      beatsPerBar: 4,
      key: null,
      events: notes.map((note) => ({ kind: 'note' as const, note, beats: 2 as const })),
    };
    const session = createTimedSession({ ...base, tempoBpm: 60, passage });
    session.begin(0); // first note (a half note, 2000 ms) at 4000
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    createTestStream(session).play(
      0,
      4000 + 2 * 2000 + 1200,
      (t) => {
        const k = Math.floor((t - 4000) / 2000);
        const into = t - 4000 - k * 2000;
        if (k < 0 || k >= 2 || into >= 1900) return 0;
        return k === 0 && into >= 800 && into < 1100 ? 0 : hz[k];
      },
      (t) => session.tick(t),
    );
    const first = session.state.get().outcomes[0];
    expect(first?.outcome).toBe('played');
    expect(flags(first as never)).toContain('cracked');
    expect(first?.verdict.reasons.join(' ')).toMatch(/Cracked \d+ ms in/);
    expect(first?.result.scores.steadiness).toBeLessThan(100);
  });
});
