import { describe, expect, it } from 'vitest';
import { midiOf } from '../music/notes';
import { chartNote } from '../music/scales';
import { writtenMidiToHz } from '../music/transposition';
import { createLongToneSession } from './long-tone-session';

const notes = [chartNote(midiOf('A4')), chartNote(midiOf('E5'))];
const options = {
  notes,
  holdSeconds: 1,
  instrument: 'bb-trumpet',
  a4Hz: 440,
  inTuneCents: 10,
} as const;

function play(
  session: ReturnType<typeof createLongToneSession>,
  fromMs: number,
  ms: number,
  hz: number,
) {
  for (let t = fromMs; t < fromMs + ms; t += 10) {
    session.onReading({ hz, clarity: hz > 0 ? 0.95 : 0, levelDb: hz > 0 ? -20 : -90, timeMs: t });
  }
  return fromMs + ms;
}

describe('long-tone session', () => {
  it('waits for a breath, holds for the chosen time, scores, coaches and moves on', () => {
    const session = createLongToneSession(options);
    const a4Hz = writtenMidiToHz(midiOf('A4'), 'bb-trumpet'); // sounding G4
    // Already sounding when the exercise starts: not an onset until the player breathes.
    let t = play(session, 0, 300, a4Hz);
    expect(session.state.get().phase).toBe('waiting');
    t = play(session, t, 200, 0);
    t = play(session, t, 500, a4Hz);
    expect(session.state.get().phase).toBe('holding');
    t = play(session, t, 600, a4Hz);
    const afterFirst = session.state.get();
    expect(afterFirst).toMatchObject({ phase: 'waiting', index: 1 });
    expect(afterFirst.outcomes[0].result.score).toBeGreaterThanOrEqual(95);
    expect(afterFirst.outcomes[0].advice?.verdict).toBe('in-tune');

    // E5 played 35 ¢ sharp.
    const e5Hz = writtenMidiToHz(midiOf('E5'), 'bb-trumpet') * 2 ** (35 / 1200);
    t = play(session, t, 200, 0);
    play(session, t, 1200, e5Hz);
    const done = session.state.get();
    expect(done.phase).toBe('done');
    expect(done.outcomes[1].result.score).toBeLessThan(30);
    expect(done.outcomes[1].advice?.summary).toBe('You played E5 35 ¢ sharp.');
    expect(done.outcomes[1].trace.length).toBeGreaterThan(90);
    expect(done.score).toBeGreaterThan(50);
    expect(done.score).toBeLessThan(70);
  });

  it('holding another note than the target: the coach names it', () => {
    const session = createLongToneSession({ ...options, notes: [notes[0]] });
    const g4Hz = writtenMidiToHz(midiOf('G4'), 'bb-trumpet');
    play(session, play(session, 0, 200, 0), 1200, g4Hz);
    const outcome = session.state.get().outcomes[0];
    expect(outcome.result.score).toBe(0);
    expect(outcome.advice?.summary).toBe('Not A4: you played G4.');
  });

  it('validates the hold length', () => {
    expect(() => createLongToneSession({ ...options, holdSeconds: 0 })).toThrow(/1 to 60/);
    expect(() => createLongToneSession({ ...options, notes: [] })).toThrow(/at least one note/);
  });

  it('finish() mid-way keeps what was played', () => {
    const session = createLongToneSession(options);
    session.finish();
    expect(session.state.get()).toMatchObject({ phase: 'done', outcomes: [] });
  });
});
