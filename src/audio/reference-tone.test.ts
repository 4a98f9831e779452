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
