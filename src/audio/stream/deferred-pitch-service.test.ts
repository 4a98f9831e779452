import { describe, expect, it, vi } from 'vitest';
import { createEmitter, createObservable } from '../../lib/observable';
import { createDeferredPitchService } from './deferred-pitch-service';
import { ERROR_MESSAGES } from './errors';
import type {
  AnalysisMode,
  NoteEvent,
  PitchReading,
  PitchServiceStatus,
} from './pitch-service-types';
import type { MicrophoneTap, TappablePitchService } from './microphone-tap';
import { DEFAULT_MODE, idleReading } from './stream-defaults';

/** A stand-in for the real service that records the calls it gets, in order. */
function fakeService() {
  const calls: string[] = [];
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });
  const mode = createObservable<AnalysisMode>(DEFAULT_MODE);
  const tap = {} as MicrophoneTap;
  const service = {
    pitchHz: createObservable(0),
    reading: createObservable<PitchReading>(idleReading(0, DEFAULT_MODE)),
    notes: createEmitter<NoteEvent>(),
    status,
    mode,
    setMode: (change: Partial<AnalysisMode>) => {
      calls.push(`mode ${JSON.stringify(change)}`);
      mode.set({ ...mode.get(), ...change });
      return Promise.resolve();
    },
    connect: () => {
      calls.push('connect');
      status.set({ state: 'connected' });
      return Promise.resolve();
    },
    resume: () => {
      calls.push('resume');
      return Promise.resolve();
    },
    disconnect: () => {
      calls.push('disconnect');
      status.set({ state: 'stopped' });
      return Promise.resolve();
    },
    microphoneTap: () => tap,
  } satisfies TappablePitchService;
  return { service, calls, tap };
}

/** A load the test finishes by hand. */
function manualLoad() {
  let finish: (service: TappablePitchService) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<TappablePitchService>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { load, finish: (s: TappablePitchService) => finish(s), fail: (e: Error) => fail(e) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('deferred pitch service', () => {
  it('starts loading at once and shows the stream idle, not listening, until then', () => {
    const { load } = manualLoad();
    const deferred = createDeferredPitchService(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(deferred.status.get()).toEqual({ state: 'stopped' });
    expect(deferred.pitchHz.get()).toBe(0);
    expect(deferred.reading.get().live).toBe(false);
    expect(deferred.mode.get()).toEqual(DEFAULT_MODE);
    expect(deferred.microphoneTap()).toBeNull();
  });

  it('says "connecting" while a connect waits for the code, then carries the real status', async () => {
    const { load, finish } = manualLoad();
    const { service, calls } = fakeService();
    const deferred = createDeferredPitchService(load);
    const seen: string[] = [];
    deferred.status.subscribe((status) => seen.push(status.state));

    const connecting = deferred.connect();
    expect(deferred.status.get().state).toBe('connecting');
    finish(service);
    await connecting;
    expect(calls).toEqual(['connect']);
    expect(seen).toEqual(['connecting', 'connected']); // no flash of 'stopped' in between
  });

  it('calls made before the load reach the real service in order (mode first)', async () => {
    const { load, finish } = manualLoad();
    const { service, calls } = fakeService();
    const deferred = createDeferredPitchService(load);
    const modeSet = deferred.setMode({ response: 'fast' });
    const connected = deferred.connect();
    finish(service);
    await Promise.all([modeSet, connected]);
    expect(calls).toEqual(['mode {"response":"fast"}', 'connect']);
    expect(deferred.mode.get().response).toBe('fast');
  });

  it("carries the real service's readings, pitch, notes, mode and status after the load", async () => {
    const { load, finish } = manualLoad();
    const { service, tap } = fakeService();
    const deferred = createDeferredPitchService(load);
    const hz: number[] = [];
    const notes: NoteEvent[] = [];
    deferred.pitchHz.subscribe((value) => hz.push(value));
    deferred.notes.subscribe((event) => notes.push(event));
    finish(service);
    await settle();

    const reading = { ...idleReading(1000, DEFAULT_MODE), hz: 466.16, live: true };
    service.reading.set(reading);
    service.pitchHz.set(466.16);
    const noteOn: NoteEvent = { type: 'note-on', hz: 466.16, onsetMs: 950, confirmedMs: 1000 };
    service.notes.emit(noteOn);
    service.status.set({ state: 'suspended' });
    await service.setMode({ floorHz: 70 });

    expect(deferred.reading.get()).toBe(reading);
    expect(hz).toEqual([466.16]);
    expect(notes).toEqual([noteOn]);
    expect(deferred.status.get().state).toBe('suspended');
    expect(deferred.mode.get().floorHz).toBe(70);
    expect(deferred.microphoneTap()).toBe(tap);
  });

  it('once loaded, connect and resume reach the service in the same call (a tap keeps its gesture)', async () => {
    const { load, finish } = manualLoad();
    const { service, calls } = fakeService();
    const deferred = createDeferredPitchService(load);
    finish(service);
    await settle();
    void deferred.resume();
    expect(calls).toEqual(['resume']);
    void deferred.connect();
    expect(calls).toEqual(['resume', 'connect']);
  });

  it('a failed load says the engine could not be loaded; Retry (connect) loads again and keeps the mode', async () => {
    const { load, finish, fail } = manualLoad();
    const deferred = createDeferredPitchService(load);
    const modeSet = deferred.setMode({ response: 'fast' });
    const connected = deferred.connect();
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await expect(connected).rejects.toThrow(/Failed to fetch/);
    await expect(modeSet).rejects.toThrow(/Failed to fetch/);
    const status = deferred.status.get();
    expect(status.state).toBe('error');
    if (status.state === 'error') {
      expect(status.error.kind).toBe('engine');
      expect(status.error.message).toBe(ERROR_MESSAGES.engine);
    }

    const { service, calls } = fakeService();
    const retried = deferred.connect();
    expect(load).toHaveBeenCalledTimes(2);
    finish(service);
    await retried;
    expect(calls).toEqual(['mode {"response":"fast"}', 'connect']);
    expect(deferred.status.get().state).toBe('connected');
  });

  it('disconnect: stopped when nothing loaded; waits for a pending load and stops the service', async () => {
    const failing = manualLoad();
    const a = createDeferredPitchService(failing.load);
    failing.fail(new Error('offline'));
    await settle();
    await a.disconnect();
    expect(a.status.get().state).toBe('stopped');

    const pending = manualLoad();
    const { service, calls } = fakeService();
    const b = createDeferredPitchService(pending.load);
    const connected = b.connect();
    const stopped = b.disconnect();
    pending.finish(service);
    await Promise.all([connected, stopped]);
    expect(calls).toEqual(['connect', 'disconnect']);
    expect(b.status.get().state).toBe('stopped');
  });
});
