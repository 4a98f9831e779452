/**
 * Issue 21's long-tone symptoms through the long-tone session, now judged by the one assessor:
 * no cliff at the band's edge, a centred wobble costs steadiness, a crack is named with when.
 */
import { describe, expect, it } from 'vitest';
import { chartNote, midiOf, writtenMidiToHz } from '../../music';
import { createTestStream } from '../../audio/testing/stream';
import { createLongToneSession } from './long-tone-session';

const A4 = writtenMidiToHz(midiOf('A4'), 'bb-trumpet');

/** One 3 s long tone of written A4 whose pitch at `ms` into the hold is `hzAt(ms)`. */
function holdA4(hzAt: (ms: number) => number) {
  const session = createLongToneSession({
    notes: [chartNote(midiOf('A4'))],
    holdSeconds: 3,
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: 10,
  });
  const stream = createTestStream(session, { everyMs: 10 });
  stream.play(0, 190, () => 0);
  stream.play(200, 3700, (t) => hzAt(t - 200));
  const outcome = session.state.get().outcomes[0];
  if (!outcome) throw new Error('the hold was not scored');
  return outcome;
}

const cents = (c: number) => A4 * 2 ** (c / 1200);

describe('long tones judged by the assessor (issue 21)', () => {
  it('has no cliff at the band edge: +9.5 ¢ and +10.5 ¢ score within 3 points', () => {
    const inside = holdA4(() => cents(9.5));
    const outside = holdA4(() => cents(10.5));
    expect(inside.score - outside.score).toBeGreaterThanOrEqual(0);
    expect(inside.score - outside.score).toBeLessThanOrEqual(3);
    expect(outside.verdict.verdict).toBe('played');
  });

  it('charges a centred ±25 ¢ wobble at 5 Hz to steadiness, and says so', () => {
    const steady = holdA4(() => cents(0));
    const wobble = holdA4((ms) => cents(25 * Math.sin((2 * Math.PI * 5 * ms) / 1000)));
    expect(wobble.scores.steadiness as number).toBeLessThan(
      (steady.scores.steadiness as number) - 15,
    );
    expect(wobble.verdict.flags.map((f) => f.flag)).toContain('unsteady');
    expect(wobble.verdict.reasons.join(' ')).toMatch(/Wavered/);
    expect(wobble.score).toBeLessThan(steady.score - 10);
  });

  it('names a 300 ms dropout with when it happened, and it costs the note', () => {
    const clean = holdA4(() => cents(0));
    const dropout = holdA4((ms) => (ms >= 1200 && ms < 1500 ? 0 : cents(0)));
    const crack = dropout.verdict.flags.find((f) => f.flag === 'cracked');
    expect(crack).toBeDefined();
    expect(dropout.verdict.reasons.join(' ')).toMatch(/Cracked 1\d\d\d ms in/);
    expect(dropout.score).toBeLessThan(clean.score);
  });

  // U12: the coach's line under the verdict said "In tune: A4 0 ¢" over both of these.
  it('the coach never says "In tune" over a crack or a wobble, and says what to do', () => {
    const dropout = holdA4((ms) => (ms >= 1200 && ms < 1500 ? 0 : cents(0)));
    expect(dropout.advice?.summary).toMatch(
      /^Centred on A4 \(.+\), but it cracked at 1\.\d s: keep the air moving through the note\.$/,
    );
    const wobble = holdA4((ms) => cents(25 * Math.sin((2 * Math.PI * 5 * ms) / 1000)));
    expect(wobble.advice?.summary).toMatch(
      /^Centred on A4 \(.+\), but it wavered \(spread \d+ ¢\): keep the air steady through the note\.$/,
    );
    expect(holdA4(() => cents(0)).advice?.summary).toMatch(/^In tune: A4 /);
  });
});
