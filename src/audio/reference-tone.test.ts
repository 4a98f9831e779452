import { describe, expect, it } from 'vitest';
import { createReferenceTone } from './reference-tone';

/** Just enough of Web Audio to watch what the tone does with its nodes. */
class FakeParam {
  value = 0;
  targets: [number, number][] = [];
  setTargetAtTime(v: number, _t: number, _tc: number) {
    this.targets.push([v, _t]);
    this.value = v;
  }
  setValueAtTime(v: number) {
    this.value = v;
  }
  cancelScheduledValues() {}
}
class FakeNode {
  connected = 0;
  connect<T>(next: T): T {
    this.connected++;
    return next;
  }
  disconnect() {
    this.connected = 0;
  }
}
class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  started = false;
  stoppedAt: number | undefined;
  onended: (() => void) | null = null;
  start() {
    this.started = true;
  }
  stop(t = 0) {
    this.stoppedAt = t;
  }
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}
class FakeContext {
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 1;
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  createOscillator() {
    const o = new FakeOscillator();
    this.oscillators.push(o);
    return o;
  }
  createGain() {
    return new FakeGain();
  }
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }
}

function make() {
  const context = new FakeContext();
  // The fake implements only what the tone calls.
  const tone = createReferenceTone({ context: context as unknown as AudioContext });
  return { context, tone };
}

describe('createReferenceTone', () => {
  it('fades in at the requested pitch and resumes a suspended context', async () => {
    const { context, tone } = make();
    await tone.start(440);
    expect(context.state).toBe('running');
    const osc = context.oscillators[0];
    expect(osc?.frequency.value).toBe(440);
    expect(osc?.started).toBe(true);
    expect(tone.playing).toBe(true);
  });

  it('retunes without a second oscillator (no retriggered attack)', async () => {
    const { context, tone } = make();
    await tone.start(440);
    await tone.start(466.16);
    tone.setFrequency(415.3);
    expect(context.oscillators).toHaveLength(1);
    expect(context.oscillators[0]?.frequency.value).toBeCloseTo(415.3);
    expect(tone.frequencyHz).toBeCloseTo(415.3);
  });

  it('stops after a release instead of cutting the sound (no click)', async () => {
    const { context, tone } = make();
    await tone.start(440);
    tone.stop();
    const osc = context.oscillators[0];
    expect(osc?.stoppedAt).toBeGreaterThan(context.currentTime);
    expect(tone.playing).toBe(false);
  });

  it('rejects frequencies outside the audible range with the range in the message', async () => {
    const { tone } = make();
    await expect(tone.start(Number.NaN)).rejects.toThrow(/20\.\.5000 Hz/);
    expect(() => tone.setFrequency(1e6)).toThrow(/20\.\.5000 Hz/);
  });

  it('does not close a context it did not create', async () => {
    const { context, tone } = make();
    await tone.start(440);
    await tone.dispose();
    expect(context.state).toBe('running');
    await expect(tone.start(440)).rejects.toThrow(/disposed/);
  });
});

describe('chords', () => {
  it('plays one oscillator per voice, sharing the volume so a chord peaks no higher', async () => {
    const { context, tone } = make();
    await tone.start([233.08, 349.62, 291.35]);
    expect(context.oscillators.map((o) => o.frequency.value)).toEqual([233.08, 349.62, 291.35]);
    expect(tone.frequenciesHz).toEqual([233.08, 349.62, 291.35]);
    expect(tone.frequencyHz).toBe(233.08);
  });

  it('adds and drops voices live: new ones fade in, dropped ones fade out and are released', async () => {
    const { context, tone } = make();
    await tone.start([220]);
    tone.setFrequency([220, 330]);
    expect(context.oscillators).toHaveLength(2);
    const fifth = context.oscillators[1] as FakeOscillator;
    expect(fifth.started).toBe(true);
    tone.setFrequency([233.08]);
    // The root glides (no new oscillator), the 5th is released after a fade, not cut.
    expect(context.oscillators).toHaveLength(2);
    expect(context.oscillators[0]?.frequency.value).toBeCloseTo(233.08);
    expect(fifth.stoppedAt).toBeGreaterThan(context.currentTime);
    fifth.onended?.();
    expect(fifth.connected).toBe(0);
  });

  it('refuses an empty chord and more than four voices', async () => {
    const { tone } = make();
    await expect(tone.start([])).rejects.toThrow(/1\.\.4 voices/);
    expect(() => tone.setFrequency([1, 2, 3, 4, 5].map((x) => 200 * x))).toThrow(/1\.\.4 voices/);
  });

  it('dispose stops every voice at once', async () => {
    const { context, tone } = make();
    await tone.start([220, 330, 275]);
    await tone.dispose();
    expect(context.oscillators.every((o) => o.stoppedAt !== undefined && o.connected === 0)).toBe(
      true,
    );
    expect(tone.playing).toBe(false);
  });
});
