/**
 * Runs the real `accumulator.worklet.ts` outside a browser: a tiny shim of the AudioWorklet global
 * scope (`AudioWorkletProcessor` with a message port, `registerProcessor`, `sampleRate`,
 * `currentFrame`), then the
 * processor fed 128-sample quanta exactly as the audio thread would. Production code: the CLI
 * (`npm run assess`) and the pieces' grading worker run the engine offline through it; the unit
 * tests, `npm run bench:latency` and `npm run soak` too.
 */
import type { FromWorkletMessage, ToWorkletMessage } from '../worklet/messages';

export interface FakePort {
  onmessage: ((event: { data: ToWorkletMessage }) => void) | null;
  postMessage(message: unknown): void;
}

export interface ProcessorInstance {
  port: FakePort;
  process(inputs: Float32Array[][], outputs?: Float32Array[][]): boolean;
}

type ProcessorClass = new (options: { processorOptions?: unknown }) => ProcessorInstance;

const shim = globalThis as unknown as {
  sampleRate: number;
  currentFrame: number;
  AudioWorkletProcessor: new () => { port: FakePort };
  registerProcessor: (name: string, ctor: ProcessorClass) => void;
};

const registered = new Map<string, ProcessorClass>();
/** Messages posted by the processor being constructed land on its port's sink (set below). */
let nextSink: ((message: FromWorkletMessage) => void) | undefined;

function installShim(): void {
  if (typeof shim.registerProcessor === 'function') return;
  shim.sampleRate = 44100;
  shim.AudioWorkletProcessor = class {
    readonly port: FakePort;
    constructor() {
      const sink = nextSink;
      this.port = {
        onmessage: null,
        // Structured clone, like a real port: the processor reuses its message object.
        postMessage: (message) => sink?.(structuredClone(message) as FromWorkletMessage),
      };
    }
  };
  shim.registerProcessor = (name, ctor) => {
    registered.set(name, ctor);
  };
}

/**
 * Loads the worklet module once (its `registerProcessor` call fills the registry): by default the
 * source beside this file (Node's module runner); a browser worker passes the built module's URL.
 */
export async function loadProcessorClass(
  name: string,
  // A computed specifier keeps the worklet (typed for AudioWorkletGlobalScope) out of this
  // program's type check; the module runner resolves it relative to this file at run time.
  moduleUrl = '../worklet/accumulator.worklet.ts',
): Promise<ProcessorClass> {
  installShim();
  if (!registered.has(name)) await import(/* @vite-ignore */ moduleUrl);
  const ctor = registered.get(name);
  if (!ctor) throw new Error(`worklet did not register "${name}"`);
  return ctor;
}

export interface RunningProcessor {
  processor: ProcessorInstance;
  /** Every message the processor posted, in order. */
  messages: FromWorkletMessage[];
  /** Runs one render quantum (128 samples, or fewer at the end of a file). */
  quantum(samples: Float32Array): boolean;
  send(message: ToWorkletMessage): void;
}

export function startProcessor(
  ctor: ProcessorClass,
  sampleRate: number,
  processorOptions: unknown,
  onMessage?: (message: FromWorkletMessage) => void,
  /** Keep every message in `messages` (default true; the soak turns it off to measure the heap). */
  keepMessages = true,
): RunningProcessor {
  shim.sampleRate = sampleRate;
  shim.currentFrame = 0;
  const messages: FromWorkletMessage[] = [];
  nextSink = (message) => {
    if (keepMessages) messages.push(message);
    onMessage?.(message);
  };
  const processor = new ctor({ processorOptions });
  nextSink = undefined;
  // Reused like the audio thread's own arrays, so the harness adds no garbage per quantum.
  const channel: Float32Array[] = [new Float32Array(0)];
  const inputs: Float32Array[][] = [channel];
  return {
    processor,
    messages,
    quantum(samples) {
      channel[0] = samples;
      const alive = processor.process(inputs);
      shim.currentFrame += samples.length;
      return alive;
    },
    send(message) {
      processor.port.onmessage?.({ data: message });
    },
  };
}
