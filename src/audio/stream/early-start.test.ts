import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAudioSession } from '../output/audio-session';
import { createFakeService, FakeContext, FakeStream } from '../testing/fake-web-audio';
import { resetEarlyStart, takeEarlyStart } from '../clock/early-adopt';
import { discardEarlyStart, startAudioEarly } from './early-start';
import { requestMicrophoneEarly } from './early-microphone';
import {
  MICROPHONE_CONSTRAINTS,
  resetEarlyMicrophone,
  takeEarlyMicrophone,
} from './microphone-constraints';
import { adoptEngine, compileEngine } from './engine-loader';
import { ERROR_MESSAGES } from './errors';

/**
 * The entry's early start (issue 23 row 16): what it opens before the first paint (the
 * microphone, the engine) and after it (the context, the worklet) is what the
 * pitch service and the audio session use, not a second microphone or context beside it, and
 * what nobody takes over is released.
 */
function startEarly(
  engineUrl: string,
  getUserMedia: () => Promise<MediaStream> = async () => new FakeStream() as unknown as MediaStream,
  paint = true,
) {
  const contexts: FakeContext[] = [];
  const early = {
    getUserMedia: vi.fn(getUserMedia),
    compileEngine: vi.fn(async () => ({ compiled: engineUrl })),
    contexts,
  };
  startAudioEarly({
    mediaDevices: { getUserMedia: early.getUserMedia } as unknown as MediaDevices,
    createContext: () => {
      const context = new FakeContext();
      context.state = 'suspended'; // no gesture yet: as a browser makes it before any touch
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    compileEngine: early.compileEngine,
    engineUrl,
    workletUrl: '/worklet.js',
    afterPaint: (make) => afterPaint.push(make),
  });
  // The first paint: the context is made now (the test's session has not asked for one yet).
  if (paint) for (const make of afterPaint.splice(0)) make();
  return early;
}

/**
 * The app's wiring: the service's context comes from the session, with its default context
 * (the early one first, then `new AudioContext`, a fake here).
 */
function serviceOnSession(engineUrl: string) {
  const later: FakeContext[] = [];
  vi.stubGlobal(
    'AudioContext',
    class extends FakeContext {
      constructor() {
        super();
        later.push(this);
      }
    },
  );
  const session = createAudioSession();
  const fake = createFakeService({
    engineUrl,
    createContext: () => session.acquire(),
    releaseContext: (context) => session.release(context),
    loadEngine: undefined, // the engine loader's own cache, which adopts the early compilation
  });
  return { session, later, ...fake };
}

/** Callbacks waiting for the first paint. */
const afterPaint: (() => void)[] = [];

afterEach(() => {
  afterPaint.length = 0;
  resetEarlyStart();
  resetEarlyMicrophone();
  vi.unstubAllGlobals();
});

describe('early start', () => {
  it('the first connect adopts it: one getUserMedia, one context, one compile; disconnect releases them', async () => {
    const early = startEarly('/engine-adopt.wasm');
    expect(early.getUserMedia).toHaveBeenCalledWith(MICROPHONE_CONSTRAINTS);
    const { service, session, getUserMedia, nodes, later } = serviceOnSession('/engine-adopt.wasm');

    await service.connect();
    // Suspended until a gesture, as before: the tap-to-start button's state.
    expect(service.status.get()).toEqual({ state: 'suspended' });
    await service.resume();
    expect(service.status.get()).toEqual({ state: 'connected' });
    expect(early.getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(early.contexts).toHaveLength(1);
    expect(later).toHaveLength(0);
    expect(session.diagnostics()).toMatchObject({ contextsCreated: 1, users: 1 });
    expect(early.contexts[0]?.audioWorklet.addModule).toHaveBeenCalledTimes(1);
    expect(early.compileEngine).toHaveBeenCalledTimes(1);
    const options = nodes[0]?.options.processorOptions as { engine: unknown };
    expect(options.engine).toEqual({ compiled: '/engine-adopt.wasm' });
    const stream = (await early.getUserMedia.mock.results[0]?.value) as unknown as FakeStream;
    expect(service.diagnostics()).toMatchObject({ tracksOpened: 1, contextsCreated: 1 });

    await service.disconnect();
    expect(stream.tracks.every((track) => track.stopped)).toBe(true);
    expect(early.contexts[0]?.state).toBe('closed');
    expect(session.diagnostics()).toMatchObject({ contextsClosed: 1, users: 0 });

    // Later connects open their own (the early start is taken once).
    await service.connect();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(early.getUserMedia).toHaveBeenCalledTimes(1);
    expect(later).toHaveLength(1);
    expect(later[0]?.audioWorklet.addModule).toHaveBeenCalledTimes(1);
    await service.disconnect();
  });

  it("takes over the page's first script's microphone request instead of asking again", async () => {
    const first = new FakeStream();
    const request = vi.fn(async () => first as unknown as MediaStream);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: request } });
    requestMicrophoneEarly(); // src/early-microphone.ts, before the entry
    expect(request).toHaveBeenCalledWith(MICROPHONE_CONSTRAINTS);
    const early = startEarly('/engine-first-script.wasm');
    expect(early.getUserMedia).not.toHaveBeenCalled();
    const { service, getUserMedia } = serviceOnSession('/engine-first-script.wasm');
    await service.connect();
    await service.resume();
    expect(service.status.get()).toEqual({ state: 'connected' });
    expect(request).toHaveBeenCalledTimes(1);
    expect(getUserMedia).not.toHaveBeenCalled();
    await service.disconnect();
    expect(first.tracks.every((track) => track.stopped)).toBe(true);
    // Taken once: a later early start (there is none in the app) would ask itself.
    expect(takeEarlyMicrophone()).toBeUndefined();
  });

  it('a first script that runs after the early start opens no second microphone', () => {
    const early = startEarly('/engine-late-script.wasm');
    expect(early.getUserMedia).toHaveBeenCalledTimes(1);
    const late = vi.fn(async () => new FakeStream() as unknown as MediaStream);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: late } });
    requestMicrophoneEarly(); // the async script arrived after the entry
    expect(late).not.toHaveBeenCalled();
  });

  it('the first script asks nothing where there is no getUserMedia (an insecure page)', () => {
    vi.stubGlobal('navigator', {});
    requestMicrophoneEarly();
    expect(takeEarlyMicrophone()).toBeUndefined();
  });

  it("a refused microphone reads as the service's own refusal; Retry asks again", async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    const early = startEarly('/engine-denied.wasm', () => Promise.reject(denied));
    const { service, getUserMedia, session } = serviceOnSession('/engine-denied.wasm');
    await service.connect();
    expect(service.status.get()).toMatchObject({
      state: 'error',
      error: { kind: 'denied', message: ERROR_MESSAGES.denied },
    });
    // The failed connect gave the early context back to the session, which closed it.
    expect(early.contexts[0]?.state).toBe('closed');
    expect(session.diagnostics()).toMatchObject({ contextsCreated: 1, contextsClosed: 1 });
    await service.connect(); // Retry: the service's own getUserMedia this time
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(service.status.get()).toEqual({ state: 'connected' });
    await service.disconnect();
  });

  it('connected before the first paint: the session makes the context, the early start none', async () => {
    const early = startEarly('/engine-unpainted.wasm', undefined, false);
    const { service, getUserMedia, later } = serviceOnSession('/engine-unpainted.wasm');
    await service.connect();
    expect(service.status.get()).toEqual({ state: 'connected' });
    for (const make of afterPaint.splice(0)) make(); // the paint comes after all
    expect(early.contexts).toHaveLength(0);
    expect(later).toHaveLength(1);
    expect(early.getUserMedia).toHaveBeenCalledTimes(1); // the early microphone is still used
    expect(getUserMedia).not.toHaveBeenCalled();
    await service.disconnect();
  });

  it('what nobody took over is released: tracks stopped, context closed', async () => {
    const early = startEarly('/engine-discard.wasm');
    discardEarlyStart();
    const stream = (await early.getUserMedia.mock.results[0]?.value) as unknown as FakeStream;
    await Promise.resolve();
    expect(stream.tracks.every((track) => track.stopped)).toBe(true);
    expect(early.contexts[0]?.state).toBe('closed');
    expect(takeEarlyStart()).toBeUndefined();
  });

  it('starts once, and not at all without getUserMedia (an insecure page)', () => {
    startAudioEarly({ mediaDevices: {} as MediaDevices }); // no getUserMedia
    expect(takeEarlyStart()).toBeUndefined();
    const early = startEarly('/engine-once.wasm');
    startEarly('/engine-once.wasm');
    expect(early.getUserMedia).toHaveBeenCalledTimes(1);
    expect(takeEarlyStart()).toBeDefined();
    expect(takeEarlyStart()).toBeUndefined();
  });

  it('never stops the app from opening: a throwing getUserMedia leaves nothing to adopt', () => {
    const throwing = {
      getUserMedia: () => {
        throw new TypeError('getUserMedia is not supported here');
      },
    } as unknown as MediaDevices;
    expect(() => startAudioEarly({ mediaDevices: throwing })).not.toThrow();
    expect(takeEarlyStart()).toBeUndefined(); // the service asks for the microphone itself
  });

  it('without compileStreaming (Safari before 15) the engine is compiled the usual way', async () => {
    const streaming = WebAssembly.compileStreaming;
    Object.defineProperty(WebAssembly, 'compileStreaming', {
      value: undefined,
      configurable: true,
    });
    try {
      startAudioEarly({
        mediaDevices: {
          getUserMedia: async () => new FakeStream() as unknown as MediaStream,
        } as unknown as MediaDevices,
        engineUrl: '/engine-no-streaming.wasm',
        afterPaint: () => undefined,
      });
      const taken = takeEarlyStart();
      await expect(taken?.engine).rejects.toThrow(/compileStreaming is not available/);
    } finally {
      Object.defineProperty(WebAssembly, 'compileStreaming', {
        value: streaming,
        configurable: true,
      });
    }
  });
});

describe('adoptEngine', () => {
  it('a failed early compilation is retried the usual way, with the usual error', async () => {
    const fetchImpl = vi.fn(async () => new Response('', { status: 404 }));
    adoptEngine('/engine-missing.wasm', Promise.reject(new TypeError('bad MIME')), fetchImpl);
    await expect(compileEngine('/engine-missing.wasm')).rejects.toMatchObject({
      kind: 'engine',
      detail: expect.stringContaining('HTTP 404'),
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
