/** The app's own output looped back into the fake microphone, for the audio-session tests. */

export interface Audit {
  created: number;
  closed: number;
  /** Most AudioContexts open at once. */
  maxLive: number;
}

/** The loop's delay, s. */
export const LOOPBACK_DELAY_S = 0.05;

/**
 * Runs in the page before its scripts (`page.addInitScript(loopbackAndCount)`): everything the
 * app's own sources send to the speakers (drone, clicks) also reaches the microphone, through
 * 50 ms of delay (a speaker's output and a microphone's input latency), as on a phone without
 * headphones; and AudioContext constructions are counted in `globalThis.__audit`.
 */
export function loopbackAndCount(): void {
  const g = globalThis as unknown as { __audit: Audit };
  g.__audit = { created: 0, closed: 0, maxLive: 0 };
  const Original = AudioContext;
  const close = Original.prototype.close;
  Original.prototype.close = function () {
    g.__audit.closed++;
    return close.call(this);
  };
  globalThis.AudioContext = class extends Original {
    constructor(options?: AudioContextOptions) {
      super(options);
      const a = g.__audit;
      a.created++;
      a.maxLive = Math.max(a.maxLive, a.created - a.closed);
    }
  };
  const connect = AudioNode.prototype.connect as (
    this: AudioNode,
    destination: AudioNode,
  ) => AudioNode;
  const buses = new WeakMap<BaseAudioContext, AudioNode>();
  const busOf = (context: BaseAudioContext): AudioNode => {
    let bus = buses.get(context);
    if (!bus) {
      const delay = context.createDelay(1);
      // LOOPBACK_DELAY_S (no imports inside an init script), or the delay a test set before this
      // script ran (`globalThis.__loopbackDelayS`, s, under 1).
      const asked = (globalThis as { __loopbackDelayS?: number }).__loopbackDelayS;
      delay.delayTime.value = asked ?? 0.05;
      bus = delay;
      buses.set(context, bus);
    }
    return bus;
  };
  // Nodes fed by the app's own sources (the drone's oscillators, the clicks' noise bursts) and
  // everything after them (filters, gains): the app's own sound.
  const tones = new WeakSet<AudioNode>();
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const [destination] = args;
    const result = (connect as (...a: unknown[]) => unknown).apply(this, args);
    if (destination instanceof AudioNode) {
      const own =
        this instanceof OscillatorNode || this instanceof AudioBufferSourceNode || tones.has(this);
      if (own && !(destination instanceof AudioDestinationNode)) tones.add(destination);
      if (destination instanceof AudioDestinationNode && tones.has(this)) {
        connect.call(this, busOf(this.context));
      }
    }
    return result;
  } as typeof AudioNode.prototype.connect;
  const createSource = Original.prototype.createMediaStreamSource;
  Original.prototype.createMediaStreamSource = function (stream: MediaStream) {
    const source = createSource.call(this, stream);
    const mix = this.createGain();
    connect.call(source, mix);
    connect.call(busOf(this), mix);
    // The graph only connects and disconnects its source: the mix stands in for it.
    return mix as unknown as MediaStreamAudioSourceNode;
  };
}
