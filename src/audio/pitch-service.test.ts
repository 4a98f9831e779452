import { describe, expect, it, vi } from 'vitest';
import { MSG_PITCH, MSG_READY, MSG_TEARDOWN, MSG_TORN_DOWN } from './messages';
import { createPitchService, MICROPHONE_CONSTRAINTS, type PitchServiceDeps } from './pitch-service';

/**
 * The pitch service's state machine against fake Web Audio / media objects: what a user would
 * notice (status, messages, released microphone) without a browser. The browser path is covered
 * by e2e/pitch-service.e2e.ts and e2e/tuner-errors.e2e.ts.
 */
class FakeTrack {
  stopped = false;
  onended: (() => void) | null = null;
  stop() {
    this.stopped = true;
  }
}
class FakeStream {
  tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}
class FakeNode {
  connectedTo: unknown[] = [];
  connect<T>(next: T): T {
    this.connectedTo.push(next);
    return next;
  }
  disconnect() {
    this.connectedTo = [];
  }
}
class FakePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  postMessage(message: unknown) {
    this.sent.push(message);
    // Like the processor: confirm a teardown once the engine is freed.
    if ((message as { type: string }).type === MSG_TEARDOWN) {
      queueMicrotask(() => this.emit({ type: MSG_TORN_DOWN }));
    }
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.({ data });
  }
}
class FakeWorkletNode extends FakeNode {
  port = new FakePort();
  constructor(public options: AudioWorkletNodeOptions) {
    super();
  }
}
class FakeContext {
  state: AudioContextState = 'running';
  sampleRate = 48000;
  destination = new FakeNode();
  onstatechange: (() => void) | null = null;
  audioWorklet = { addModule: vi.fn(() => Promise.resolve()) };
  analyser = Object.assign(new FakeNode(), { fftSize: 0 });
  gain = Object.assign(new FakeNode(), { gain: { value: 1 } });
  createMediaStreamSource() {
    return new FakeNode();
  }
  createAnalyser() {
    return this.analyser;
  }
  createGain() {
    return this.gain;
  }
  async resume() {
    this.state = 'running';
    this.onstatechange?.();
  }
  async close() {
    this.state = 'closed';
  }
}

function setup(overrides: Partial<PitchServiceDeps> & { initialState?: AudioContextState } = {}) {
  const contexts: FakeContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  const streams: FakeStream[] = [];
  const listeners: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  const getUserMedia = vi.fn(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  // Fakes implement only what the service calls; the casts say so once, here.
  const deps: PitchServiceDeps = {
    engineUrl: '/engine.wasm',
    workletUrl: '/worklet.js',
    createContext: () => {
      const context = new FakeContext();
      if (overrides.initialState) context.state = overrides.initialState;
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    mediaDevices: () => ({ getUserMedia }) as unknown as MediaDevices,
    loadEngine: async () => ({}) as WebAssembly.Module,
    createWorkletNode: (_context, _name, options) => {
      const node = new FakeWorkletNode(options);
      nodes.push(node);
      // The processor answers once the engine is instantiated.
      queueMicrotask(() =>
        node.port.emit({ type: MSG_READY, sampleRate: 48000, memoryBytes: 65536 }),
      );
      return node as unknown as AudioWorkletNode;
    },
    document: doc as unknown as Document,
    now: () => 1234,
    ...overrides,
  };
  const service = createPitchService(deps);
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { service, contexts, nodes, streams, getUserMedia, setVisibility };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pitch service', () => {
  it('connects: microphone without speech processing, worklet, analyser, then pitches', async () => {
    const { service, nodes, contexts, getUserMedia } = setup();
    expect(service.pitchHz.get()).toBe(0);
    await service.connect();
    expect(service.status.get()).toEqual({ state: 'connected' });
    expect(getUserMedia).toHaveBeenCalledWith(MICROPHONE_CONSTRAINTS);
    expect(JSON.stringify(MICROPHONE_CONSTRAINTS)).not.toContain('exact');
    expect(contexts[0]?.analyser.fftSize).toBe(2048);
    expect(contexts[0]?.gain.gain.value).toBe(0);
    nodes[0]?.port.emit({
      type: MSG_PITCH,
      hz: 440,
      clarity: 0.9,
      levelDb: -20,
      endSample: 4096,
      memoryBytes: 65536,
    });
    expect(service.pitchHz.get()).toBe(440);
    expect(service.reading.get()).toEqual({ hz: 440, clarity: 0.9, levelDb: -20, timeMs: 1234 });
  });

  it('disconnect stops every track, frees the engine, closes the context; repeatable', async () => {
    const { service, contexts, nodes, streams } = setup();
    for (let i = 0; i < 5; i++) {
      await service.connect();
      await service.disconnect();
    }
    expect(service.status.get()).toEqual({ state: 'stopped' });
    expect(service.pitchHz.get()).toBe(0);
    expect(contexts.every((c) => c.state === 'closed')).toBe(true);
    expect(streams.flatMap((s) => s.tracks).every((t) => t.stopped)).toBe(true);
    expect(
      nodes.every((n) => n.port.sent.some((m) => (m as { type: string }).type === MSG_TEARDOWN)),
    ).toBe(true);
    const d = service.diagnostics();
    expect([d.contextsCreated, d.contextsClosed, d.tracksOpened, d.tracksStopped]).toEqual([
      5, 5, 5, 5,
    ]);
  });

  it('a suspended context reports "suspended" until resume() from a gesture', async () => {
    const { service, contexts } = setup({ initialState: 'suspended' });
    await service.connect();
    expect(service.status.get()).toEqual({ state: 'suspended' });
    await service.resume();
    expect(contexts[0]?.state).toBe('running');
    expect(service.status.get()).toEqual({ state: 'connected' });
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no-device'],
    ['OverconstrainedError', 'no-device'],
    ['NotReadableError', 'in-use'],
    ['AbortError', 'in-use'],
  ])('getUserMedia %s → %s error, nothing left open', async (name, kind) => {
    const { service, contexts } = setup({
      mediaDevices: () =>
        ({
          getUserMedia: () => Promise.reject(new DOMException('no', name)),
        }) as unknown as MediaDevices,
    });
    await service.connect();
    const status = service.status.get();
    expect(status.state === 'error' && status.error.kind).toBe(kind);
    expect(status.state === 'error' && status.error.message.length).toBeGreaterThan(20);
    expect(contexts[0]?.state).toBe('closed');
  });

  it('no navigator.mediaDevices (insecure context) → insecure error', async () => {
    const { service } = setup({ mediaDevices: () => undefined });
    await service.connect();
    const status = service.status.get();
    expect(status.state === 'error' && status.error.kind).toBe('insecure');
  });

  it('an engine that fails to load → engine error, and Retry (connect) recovers', async () => {
    let fail = true;
    const { service, streams } = setup({
      loadEngine: async () => {
        if (fail) throw { kind: 'engine', message: 'The pitch engine could not be loaded.' };
        return {} as WebAssembly.Module;
      },
    });
    await service.connect();
    const status = service.status.get();
    expect(status.state === 'error' && status.error.kind).toBe('engine');
    expect(streams[0]?.tracks[0]?.stopped).toBe(true);
    fail = false;
    await service.connect();
    expect(service.status.get()).toEqual({ state: 'connected' });
  });

  it('the worklet reporting an engine error → engine error', async () => {
    const { service } = setup({
      createWorkletNode: (_c, _n, options) => {
        const node = new FakeWorkletNode(options);
        queueMicrotask(() => node.port.emit({ type: 'error', message: 'CompileError: bad magic' }));
        return node as unknown as AudioWorkletNode;
      },
    });
    await service.connect();
    const status = service.status.get();
    expect(status.state === 'error' && status.error.kind).toBe('engine');
  });

  it('a microphone track that ends (unplugged) → track-ended error, microphone released', async () => {
    const { service, streams, contexts } = setup();
    await service.connect();
    streams[0]?.tracks[0]?.onended?.();
    await flush();
    const status = service.status.get();
    expect(status.state === 'error' && status.error.kind).toBe('track-ended');
    expect(status.state === 'error' && status.error.message).toMatch(/Reconnect/);
    expect(contexts[0]?.state).toBe('closed');
    expect(service.pitchHz.get()).toBe(0);
  });

  it('releases the microphone while the page is hidden and reconnects on return', async () => {
    const { service, streams, setVisibility } = setup();
    await service.connect({ fastResponse: true });
    setVisibility('hidden');
    await flush();
    expect(streams[0]?.tracks[0]?.stopped).toBe(true);
    expect(service.status.get().state).toBe('stopped');
    setVisibility('visible');
    await flush();
    await flush();
    expect(service.status.get()).toEqual({ state: 'connected' });
    expect(service.diagnostics().fastResponse).toBe(true);
  });

  it('disconnect during connect wins: nothing stays open', async () => {
    let release: (() => void) | undefined;
    const { service, contexts, streams } = setup({
      loadEngine: () =>
        new Promise((resolve) => {
          release = () => resolve({} as WebAssembly.Module);
        }),
    });
    const connecting = service.connect();
    await flush();
    await service.disconnect();
    release?.();
    await connecting;
    expect(service.status.get()).toEqual({ state: 'stopped' });
    expect(contexts[0]?.state).toBe('closed');
    expect(streams[0]?.tracks[0]?.stopped).toBe(true);
  });

  it('a microphone granted after disconnect is released at once', async () => {
    let grant: (() => void) | undefined;
    const track = new FakeTrack();
    const { service } = setup({
      mediaDevices: () =>
        ({
          getUserMedia: () =>
            new Promise((resolve) => {
              grant = () => resolve({ getTracks: () => [track], getAudioTracks: () => [track] });
            }),
        }) as unknown as MediaDevices,
    });
    const connecting = service.connect();
    await flush();
    await service.disconnect();
    grant?.();
    await connecting;
    expect(track.stopped).toBe(true);
    expect(service.status.get()).toEqual({ state: 'stopped' });
  });

  it('passes the response mode to the worklet; changing it reconnects', async () => {
    const { service, nodes } = setup();
    await service.connect();
    await service.connect({ fastResponse: true });
    expect((nodes[0]?.options.processorOptions as { fastResponse: boolean }).fastResponse).toBe(
      false,
    );
    expect((nodes[1]?.options.processorOptions as { fastResponse: boolean }).fastResponse).toBe(
      true,
    );
  });
});
