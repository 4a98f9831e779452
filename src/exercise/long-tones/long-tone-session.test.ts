import { describe, expect, it } from 'vitest';
import { midiOf, chartNote, untimedOverall, writtenMidiToHz } from '../../music';
import { createTestStream, liveReading } from '../../audio/testing/stream';
import { createLongToneSession } from './long-tone-session';

const notes = [chartNote(midiOf('A4')), chartNote(midiOf('E5'))];
const options = {
  notes,
  holdSeconds: 1,
  instrument: 'bb-trumpet',
  a4Hz: 440,
  inTuneCents: 10,
} as const;

/** Plays `hz` for `ms` from `fromMs` through a fast-mode pitch stream (readings every 10 ms). */
function play(
  session: ReturnType<typeof createLongToneSession>,
  fromMs: number,
  ms: number,
  hz: number,
) {
  streams.get(session)?.play(fromMs, fromMs + ms - 10, () => hz);
  return fromMs + ms;
}
const streams = new WeakMap<object, ReturnType<typeof createTestStream>>();
/** A session with the stream that feeds it (one tracker per session, as in the app). */
function sessionOf(...args: Parameters<typeof createLongToneSession>) {
  const session = createLongToneSession(...args);
  streams.set(session, createTestStream(session, { everyMs: 10 }));
  return session;
}

describe('long-tone session', () => {
  it('waits for a breath, holds for the chosen time, scores, coaches and moves on', () => {
    const session = sessionOf(options);
    const a4Hz = writtenMidiToHz(midiOf('A4'), 'bb-trumpet'); // sounding G4
    let t = play(session, 0, 200, 0);
    expect(session.state.get().phase).toBe('waiting');
    t = play(session, t, 500, a4Hz);
    expect(session.state.get().phase).toBe('holding');
    t = play(session, t, 600, a4Hz);
    const afterFirst = session.state.get();
    expect(afterFirst).toMatchObject({ phase: 'waiting', index: 1 });
    expect(afterFirst.outcomes[0].score).toBeGreaterThanOrEqual(95);
    expect(afterFirst.outcomes[0].verdict.verdict).toBe('played');
    expect(afterFirst.outcomes[0].advice?.verdict).toBe('in-tune');

    // E5 played 35 ¢ sharp.
    const e5Hz = writtenMidiToHz(midiOf('E5'), 'bb-trumpet') * 2 ** (35 / 1200);
    t = play(session, t, 200, 0);
    play(session, t, 1200, e5Hz);
    const done = session.state.get();
    expect(done.phase).toBe('done');
    // 35 ¢ sharp costs pitch (the assessor's curve), not steadiness: the note is held steady.
    expect(done.outcomes[1].scores.pitch).toBeLessThan(30);
    expect(done.outcomes[1].scores.steadiness).toBeGreaterThanOrEqual(90);
    expect(done.outcomes[1].verdict.reasons).toContain('35 ¢ sharp');
    expect(done.outcomes[1].score).toBeLessThan(60);
    expect(done.outcomes[1].advice?.summary).toBe('You played E5 35 ¢ sharp.');
    expect(done.outcomes[1].trace.length).toBeGreaterThan(90);
    expect(done.score).toBeGreaterThan(50);
    expect(done.score).toBeLessThan(80);
  });

  it('another note than the target is reported as heard and starts no hold', () => {
    const session = sessionOf({ ...options, notes: [notes[0]] });
    const g4Hz = writtenMidiToHz(midiOf('G4'), 'bb-trumpet');
    const t = play(session, play(session, 0, 200, 0), 1200, g4Hz);
    expect(session.state.get()).toMatchObject({
      phase: 'waiting',
      heardInsteadMidi: midiOf('G4'),
    });
    // Skipped: the coach names what was heard.
    session.skip(t);
    const outcome = session.state.get().outcomes[0];
    expect(outcome.result.score).toBe(0);
    expect(outcome.advice?.summary).toBe('Not A4: you played G4.');
  });

  it('a stray pitched frame in silence does not start a hold (the stream gates it)', () => {
    const session = sessionOf(options);
    const a4Hz = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');
    let t = play(session, 0, 200, 0);
    t = play(session, t, 10, a4Hz);
    play(session, t, 300, 0);
    expect(session.state.get().phase).toBe('waiting');
  });

  it('the hold starts at the onset the stream located, not when the note was confirmed', () => {
    const session = sessionOf(options);
    const a4Hz = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');
    const t = play(session, 0, 200, 0);
    play(session, t, 100, a4Hz);
    const onsetMs = session.state.get().onsetMs;
    expect(onsetMs).not.toBeNull();
    // The note started at t (200): the stream stamps it within a hop, not a window, of that.
    expect(Math.abs((onsetMs as number) - t)).toBeLessThan(8);
  });

  it('validates the hold length', () => {
    expect(() => createLongToneSession({ ...options, holdSeconds: 0 })).toThrow(/1 to 60/);
    expect(() => createLongToneSession({ ...options, notes: [] })).toThrow(/at least one note/);
  });

  it('finish() mid-way keeps what was played', () => {
    const session = sessionOf(options);
    session.finish();
    expect(session.state.get()).toMatchObject({ phase: 'done', outcomes: [] });
  });

  it('the stream stopping mid-hold: the note starts over on return; finish() scores what was heard', () => {
    const a4Hz = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');
    // Page hidden, then back a minute later: the time away is not a hold, the note starts over.
    const back = sessionOf(options);
    let t = play(back, play(back, 0, 200, 0), 400, a4Hz);
    back.onReading(liveReading(0, t + 10, 'fast', { live: false }));
    t = play(back, t + 60_000, 300, 0);
    expect(back.state.get()).toMatchObject({ phase: 'waiting', index: 0, outcomes: [] });
    play(back, t, 300, a4Hz);
    expect(back.state.get()).toMatchObject({ phase: 'holding', index: 0 });
    // Microphone lost for good: the exercise is finished with the hold heard so far.
    const lost = sessionOf(options);
    t = play(lost, play(lost, 0, 200, 0), 400, a4Hz);
    lost.onReading(liveReading(0, t + 10, 'fast', { live: false }));
    lost.finish();
    const state = lost.state.get();
    expect(state.phase).toBe('done');
    expect(state.outcomes[0]?.result.medianCents).not.toBeNull();
  });

  it('rests as long as the hold between notes: nothing played in the rest starts a hold', () => {
    const session = sessionOf({ ...options, restSeconds: 1 });
    const a4 = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');
    const e5 = writtenMidiToHz(midiOf('E5'), 'bb-trumpet');
    let t = play(session, 0, 200, 0);
    t = play(session, t, 1300, a4);
    expect(session.state.get()).toMatchObject({ phase: 'resting', index: 1 });
    const restUntil = session.state.get().restUntilMs as number;
    expect(restUntil).toBeGreaterThan(t - 400);
    // Playing the next note during the rest is ignored.
    t = play(session, t, 300, e5);
    expect(session.state.get().phase).toBe('resting');
    t = play(session, t, 900, 0);
    expect(session.state.get().phase).toBe('waiting');
    play(session, t, 1300, e5);
    expect(session.state.get().phase).toBe('done');
  });

  it('scores drift: a tone that sags 30 ¢ over the breath loses drift, not steadiness', () => {
    const session = sessionOf({ ...options, notes: [notes[0]], holdSeconds: 3 });
    const a4 = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');
    const t = play(session, 0, 200, 0);
    streams.get(session)?.play(t, t + 3300, (ms) => a4 * 2 ** (-(((ms - t) / 3000) * 30) / 1200));
    const [outcome] = session.state.get().outcomes;
    expect(outcome.result.driftCents).toBeLessThan(-20);
    expect(outcome.scores.drift).toBeLessThan(50);
    expect(outcome.driftAdvice).toMatch(/^Sagged \d+ ¢ by the end/);
    // Drift counts in the note's score (10 %): below what pitch and steadiness alone give.
    const untimed = untimedOverall({
      pitch: outcome.scores.pitch as number,
      steadiness: outcome.scores.steadiness as number,
    });
    expect(outcome.score).toBeLessThan(untimed);
  });

  it('validates the rest length', () => {
    expect(() => createLongToneSession({ ...options, restSeconds: 99 })).toThrow(/0 to 60/);
  });
});

describe('issue 22: the coach knows the fingering actually used', () => {
  /** Three holds of written D4, 30 ¢ sharp, on `instrument`; the coach's last advice. */
  function sharpD4(instrument: 'bb-trumpet' | 'bb-piccolo') {
    const d4 = chartNote(midiOf('D4'));
    const session = sessionOf({ ...options, instrument, notes: [d4, d4, d4] });
    const hz = writtenMidiToHz(midiOf('D4'), instrument) * 2 ** (30 / 1200);
    let t = 0;
    for (let i = 0; i < 3; i++) t = play(session, play(session, t, 200, 0), 1200, hz);
    const outcomes = session.state.get().outcomes;
    expect(outcomes).toHaveLength(3);
    return outcomes[2].advice;
  }

  it('a sharp D4 (1-3) on a B♭ trumpet: the 3rd valve slide', () => {
    const advice = sharpD4('bb-trumpet');
    expect(advice?.tendency).toBe('D4 on 1-3 tends sharp; every horn differs.');
    expect(advice?.suggestion).toMatch(/extend the 3rd valve slide/);
  });

  it('on a piccolo D4 is played with the 4th valve: no 1-3 tendency, no slide talk', () => {
    const advice = sharpD4('bb-piccolo');
    expect(advice?.tendency).toBeNull();
    expect(advice?.suggestion).toMatch(/relax, open the aperture/);
    expect(advice?.suggestion).not.toMatch(/slide/);
  });
});
