/**
 * Fakes of the Web Audio objects the audio session's outputs touch (oscillators, gains, periodic
 * waves) and a manual timer: what a listener would notice (when each click starts, what each
 * voice plays, when it stops) testable without a browser. They implement only what the session
 * calls; the casts say so once, here.
 */
export class FakeParam {
  value = 0;
  /** [method, value, time] in call order. */
  events: [string, number, number][] = [];
  setTargetAtTime(v: number, t: number) {
    this.events.push(['target', v, t]);
    this.value = v;
  }
  setValueAtTime(v: number, t: number) {
    this.events.push(['set', v, t]);
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.events.push(['linear', v, t]);
  }
  exponentialRampToValueAtTime(v: number, t: number) {
    this.events.push(['exponential', v, t]);
  }
  cancelScheduledValues() {}
}
export class FakeNode {
  connected = 0;
  connect<T>(next: T): T {
    this.connected++;
    return next;
  }
  disconnect() {
    this.connected = 0;
  }
}
export class FakeOscillator extends FakeNode {
  type = 'sine';
  wave: { imag: number[] } | null = null;
  frequency = new FakeParam();
  startedAt: number | undefined;
  stoppedAt: number | undefined;
  onended: (() => void) | null = null;
  start(t = 0) {
    this.startedAt = t;
  }
  stop(t = 0) {
    this.stoppedAt = t;
  }
  setPeriodicWave(wave: { imag: number[] }) {
    this.type = 'custom';
    this.wave = wave;
  }
}
/** A click's noise burst (an AudioBufferSourceNode). */
export class FakeBufferSource extends FakeNode {
  buffer: unknown = null;
  startedAt: number | undefined;
  stoppedAt: number | undefined;
  onended: (() => void) | null = null;
  start(t = 0) {
    this.startedAt = t;
  }
  stop(t = 0) {
    this.stoppedAt = t;
  }
}
export class FakeBiquad extends FakeNode {
  type = 'lowpass';
  frequency = new FakeParam();
  Q = new FakeParam();
}
export class FakeGain extends FakeNode {
  gain = new FakeParam();
}
export class FakeOutputContext {
  state: AudioContextState = 'suspended';
  currentTime = 1;
  sampleRate = 48000;
  baseLatency = 0.01;
  outputLatency = 0.02;
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  gains: FakeGain[] = [];
  /** Click bursts and their band-pass filters, in the order made (the nth of each go together). */
  bufferSources: FakeBufferSource[] = [];
  filters: FakeBiquad[] = [];
  /** Audio second 1 heard at performance time 5000 ms. */
  getOutputTimestamp() {
    return { contextTime: 1, performanceTime: 5000 };
  }
  createOscillator() {
    const o = new FakeOscillator();
    this.oscillators.push(o);
    return o;
  }
  createBufferSource() {
    const b = new FakeBufferSource();
    this.bufferSources.push(b);
    return b;
  }
  createBiquadFilter() {
    const f = new FakeBiquad();
    this.filters.push(f);
    return f;
  }
  createBuffer(_channels: number, length: number) {
    const data = new Float32Array(length);
    return { length, getChannelData: () => data };
  }
  createGain() {
    const g = new FakeGain();
    this.gains.push(g);
    return g;
  }
  createPeriodicWave(_real: Float32Array, imag: Float32Array) {
    return { imag: [...imag] };
  }
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }
  asContext(): AudioContext {
    return this as unknown as AudioContext;
  }
}

/** Timers run by hand: `advance(ms)` fires every timeout and interval due, in time order. */
export function manualTimers() {
  let nowMs = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number | null; cb: () => void }>();
  const add = (cb: () => void, ms: number, every: number | null) => {
    const id = nextId++;
    timers.set(id, { at: nowMs + ms, every, cb });
    return id;
  };
  return {
    nowMs: () => nowMs,
    setTimeout: (cb: () => void, ms: number) => add(cb, ms, null),
    clearTimeout: (id: number) => void timers.delete(id),
    setInterval: (cb: () => void, ms: number) => add(cb, ms, ms),
    clearInterval: (id: number) => void timers.delete(id),
    /** Move time on, calling `onTick(nowMs)` before each timer fires (to move the audio clock). */
    advance(ms: number, onTick: (nowMs: number) => void = () => {}) {
      const end = nowMs + ms;
      for (;;) {
        let due: [number, { at: number; every: number | null; cb: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        const [id, timer] = due;
        nowMs = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        onTick(nowMs);
        timer.cb();
      }
      nowMs = end;
      onTick(nowMs);
    },
    pending: () => timers.size,
  };
}
