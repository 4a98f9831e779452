/**
 * The Web Audio graph of one listening session, built and torn down in one place:
 * `mic → AnalyserNode (fftSize 2048) → gain 0 → destination` and `mic → audio-accumulator → the
 * same gain 0` (product specification §9). The pitch service's state machine decides when.
 */
import {
  ACCUMULATOR_PROCESSOR_NAME,
  MSG_READY,
  MSG_ERROR,
  MSG_TEARDOWN,
  MSG_TORN_DOWN,
  type AccumulatorProcessorOptions,
  type FromWorkletMessage,
  type ReadyMessage,
} from '../worklet/messages';
import { serviceError } from './errors';

/** Product specification §9: analyser FFT size 2048, feeding a gain of 0 (silent). */
export const ANALYSER_FFT_SIZE = 2048;
/**
 * How long teardown waits for the processor to confirm the engine is freed. It usually answers
 * within tens of ms, but under load it took 2–391 ms (9 × 55 teardowns), and a teardown that gave
 * up first (at 250 ms, as it was) left the node and its closed context alive for good: one of each
 * per slow teardown (e2e/pitch-service.e2e.ts, two suites at once). Waiting costs nothing when
 * the audio thread answers; only a stalled one makes the release this late.
 */
export const TEARDOWN_TIMEOUT_MS = 2000;

export type CreateWorkletNode = (
  context: AudioContext,
  name: string,
  options: AudioWorkletNodeOptions,
) => AudioWorkletNode;

export interface AudioGraph {
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  silent: GainNode;
  node: AudioWorkletNode;
}

/** Builds and connects the graph; the worklet starts instantiating the engine at once. */
export function buildAudioGraph(
  context: AudioContext,
  stream: MediaStream,
  processorOptions: AccumulatorProcessorOptions,
  createWorkletNode: CreateWorkletNode,
): AudioGraph {
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = ANALYSER_FFT_SIZE;
  const silent = context.createGain();
  silent.gain.value = 0;
  const node = createWorkletNode(context, ACCUMULATOR_PROCESSOR_NAME, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions,
  });
  source.connect(analyser).connect(silent);
  source.connect(node).connect(silent);
  // A path to the destination keeps every browser pulling audio through the graph.
  silent.connect(context.destination);
  return { source, analyser, silent, node };
}

/** The processor's `ready` (engine instantiated), or an `engine` error after `timeoutMs`. */
export function waitForReady(node: AudioWorkletNode, timeoutMs: number): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(serviceError('engine', 'the audio processor did not start in time')),
      timeoutMs,
    );
    node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) => {
      const data = event.data;
      if (data.type === MSG_READY) {
        clearTimeout(timer);
        resolve(data);
      } else if (data.type === MSG_ERROR) {
        clearTimeout(timer);
        reject(serviceError('engine', data.message));
      }
    };
  });
}

/**
 * Takes the microphone out of the graph, lets the processor free the engine and return false from
 * process(), then disconnects the rest. Both keep Chromium from holding the node (and the closed
 * context behind it, ~0.3 MB each) for good: a processor that never said it is done, and an
 * input connection still pending removal when the context closes (Chromium drops connections at
 * a render quantum; the handshake below waits for one). Measured in a bare page, 10 connections
 * each: source disconnected last, 10 nodes kept; first, none (e2e/pitch-service.e2e.ts counts).
 * Resolves whether the processor confirmed (false: it did not answer in time, or the context was
 * not running, and the browser may keep the node).
 */
export async function teardownAudioGraph(
  graph: Partial<AudioGraph>,
  contextRunning: boolean,
): Promise<boolean> {
  graph.source?.disconnect();
  const node = graph.node;
  let confirmed = false;
  if (node) {
    confirmed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), contextRunning ? TEARDOWN_TIMEOUT_MS : 0);
      node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) => {
        if (event.data.type !== MSG_TORN_DOWN) return;
        clearTimeout(timer);
        resolve(true);
      };
      node.port.postMessage({ type: MSG_TEARDOWN });
    });
    node.port.onmessage = null;
    node.port.close();
    node.disconnect();
  }
  graph.analyser?.disconnect();
  graph.silent?.disconnect();
  return confirmed;
}
