import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createPlaceholderPitchService } from '../audio/stream/placeholder-pitch-service';
import { idleReading, DEFAULT_MODE } from '../audio/stream/pitch-stream';
import type { NoteEvent, PitchReading } from '../audio/stream/pitch-service-types';
import type { Observable, Emitter } from '../lib/observable';
import type { AudioRecorder, RecorderCallbacks } from '../audio/recording/recorder';
import type { MicrophoneTap } from '../audio/stream/microphone-tap';
import type { TakeOrigin } from '../audio/recording/origin-aligner';
import { createTakeRecorder, MIN_FREE_BYTES } from './take-recorder';
import { createTakeStore, type TakeStore } from './take-store';
import type { TakeContext } from './take-context';
import type { TakePiece } from './take-piece';

/** A connected service that lends a (fake) microphone tap, plus a recorder we drive by hand. */
function setup(
  options: {
    store?: TakeStore;
    freeBytes?: number;
    whileStopping?: () => void;
    origin?: Promise<TakeOrigin>;
    context?: () => TakeContext | null;
    /** How far the stream's clock (capture time) runs behind performance.now(), ms. */
    latencyMs?: number;
  } = {},
) {
  const base = createPlaceholderPitchService({ state: 'connected' });
  const latencyMs = options.latencyMs ?? 0;
  let clock = 1000; // performance.now()
  // An audio clock of one frame per ms that started with the page; the stream's time of a frame
  // is when it was captured, `latencyMs` before it is processed (until the test moves it).
  let streamOffsetMs = -latencyMs;
  const tap = {
    context: {
      get currentTime() {
        return clock / 1000;
      },
      sampleRate: 1000,
    },
    toStreamMs: (frame: number) => frame + streamOffsetMs,
  } as unknown as MicrophoneTap;
  const service = Object.assign(base, { microphoneTap: () => tap });
  let callbacks: RecorderCallbacks | null = null;
  let stops = 0;
  const store =
    options.store ??
    createTakeStore({
      indexedDB: new IDBFactory(),
      IDBKeyRange,
      storage: { estimate: async () => ({ usage: 0, quota: options.freeBytes ?? 1e9 }) },
    });
  const recorder = createTakeRecorder({
    service,
    store,
    canRecord: () => true,
    wallNow: () => Date.UTC(2026, 10, 22),
    newId: () => 'take-1',
    latencySource: () => 'unknown',
    context: options.context ?? (() => null),
    startRecorder: (_tap, cb): AudioRecorder => {
      callbacks = cb;
      return {
        format: { mimeType: 'audio/webm;codecs=opus', codec: 'opus' },
        startedAtMs: clock - latencyMs,
        origin: options.origin,
        stop: async () => {
          stops++;
          options.whileStopping?.();
          cb.onChunk(new Blob([new Uint8Array(3)]));
          cb.onEnd({ reason: 'stopped' });
        },
      };
    },
  });
  // A reading stamped `timeMs` by the stream; its audio is the frame whose stream time that is,
  // unless the test says otherwise (the stream's clock moved).
  const reading = (timeMs: number, hz: number, endFrame = timeMs - streamOffsetMs): void =>
    (service.reading as Observable<PitchReading>).set({
      ...idleReading(timeMs, DEFAULT_MODE),
      endFrame,
      hz,
      clarity: 0.95,
      levelDb: -20,
      live: true,
      noteHz: hz,
    });
  const note = (event: NoteEvent): void => (service.notes as Emitter<NoteEvent>).emit(event);
  return {
    service,
    store,
    recorder,
    reading,
    note,
    advance: (ms: number) => (clock += ms),
    /** The stream's clock follows the output timestamps, which moved by `ms` (a busy machine). */
    moveStreamClock: (ms: number) => (streamOffsetMs += ms),
    chunk: (bytes: number) => callbacks?.onChunk(new Blob([new Uint8Array(bytes)])),
    end: (reason: 'mic-lost') => callbacks?.onEnd({ reason }),
    stops: () => stops,
  };
}

describe('recording a take', () => {
  it('stores audio chunks with the readings and notes of the take, on its clock', async () => {
    const t = setup();
    await t.recorder.start('tuner', 'Tuner take');
    expect(t.recorder.state.get()).toMatchObject({ state: 'recording', takeId: 'take-1' });
    t.reading(900, 440); // before the take began: not part of it
    t.advance(100);
    t.reading(1100, 440);
    t.note({ type: 'note-on', hz: 440, onsetMs: 1050, confirmedMs: 1100 });
    t.chunk(10);
    t.advance(1000);
    t.reading(2000, 440);
    t.note({ type: 'note-off', hz: 440, onsetMs: 1050, offsetMs: 1900 });
    await t.recorder.stop();
    expect(t.recorder.state.get()).toMatchObject({ state: 'idle', message: 'Take saved (0:01).' });
    const [meta] = await t.store.list();
    expect(meta).toMatchObject({
      state: 'complete',
      source: 'tuner',
      bytes: 13,
      noteCount: 1,
      notesMidi: [69],
      mimeType: 'audio/webm;codecs=opus',
    });
    const take = await t.store.load('take-1');
    expect(take.readings).toEqual([100, 440, 0.95, -20, 440, 1000, 440, 0.95, -20, 440]);
    expect(take.notes).toEqual([{ onsetMs: 50, offsetMs: 900, hz: 440 }]);
    expect(take.audio.size).toBe(13);
  });

  it("keeps its trace in the audio's order, whatever the stream's ms say; a repeated frame once", async () => {
    const t = setup();
    await t.recorder.start('tuner', 'Tuner take');
    t.advance(600);
    t.reading(1100, 440);
    t.reading(1300, 441);
    // The stream's clock re-estimated on a busy page (Firefox): stamped before the last reading,
    // it describes later audio, and is placed by it.
    t.reading(1290, 442, 1400);
    t.reading(1500, 443);
    t.reading(1500, 444, 1500); // the same audio again (the audio thread restarted)
    await t.recorder.stop();
    const take = await t.store.load('take-1');
    const times = take.readings.filter((_, i) => i % 5 === 0);
    expect(times).toEqual([100, 300, 400, 500]);
    expect(take.readings.filter((_, i) => i % 5 === 1)).toEqual([440, 441, 442, 443]);
  });

  it("stays on its audio when the stream's clock moves (output timestamps on a busy machine)", async () => {
    // The stream's ms follow the output timestamps, which moved 10 ms within a take under load;
    // the take's audio did not move, and neither may its trace (e2e/take-clock.e2e.ts).
    const t = setup();
    await t.recorder.start('tuner', 'x'); // origin: frame 1000
    t.advance(500);
    t.reading(1500, 440); // frame 1500
    t.moveStreamClock(8);
    t.advance(500);
    t.reading(2008, 440); // frame 2000, stamped 8 ms later than before
    t.note({ type: 'note-on', hz: 440, onsetMs: 2058, confirmedMs: 2108 });
    t.advance(300);
    t.note({ type: 'note-off', hz: 440, onsetMs: 2058, offsetMs: 2308 });
    await t.recorder.stop();
    const take = await t.store.load('take-1');
    expect(take.readings.filter((_, i) => i % 5 === 0)).toEqual([500, 1000]);
    expect(take.notes).toEqual([{ onsetMs: 1050, offsetMs: 1300, hz: 440 }]);
  });

  it('holds its chunks until the origin is measured, then times everything from it', async () => {
    // The recorder's first guess is frame 1000; its first sample turns out to be 1013 (issue 20).
    let measure: (origin: TakeOrigin) => void = () => undefined;
    const origin = new Promise<TakeOrigin>((resolve) => (measure = resolve));
    const t = setup({ origin });
    await t.recorder.start('tuner', 'x');
    t.reading(1010, 440); // after the guess, before the first sample: not part of the take
    t.advance(100);
    t.reading(1100, 440);
    t.note({ type: 'note-on', hz: 440, onsetMs: 1050, confirmedMs: 1100 });
    t.chunk(10);
    await Promise.resolve();
    expect(await t.store.load('take-1').catch(() => null)).toMatchObject({ readings: [] });
    measure({ frame: 1013, startedAtMs: 1013, measured: true, score: 0.9 });
    t.advance(100);
    t.reading(1200, 440);
    t.note({ type: 'note-off', hz: 440, onsetMs: 1050, offsetMs: 1190 });
    await t.recorder.stop();
    const take = await t.store.load('take-1');
    expect(take.readings).toEqual([87, 440, 0.95, -20, 440, 187, 440, 0.95, -20, 440]);
    expect(take.notes).toEqual([{ onsetMs: 37, offsetMs: 177, hz: 440 }]);
    expect((await t.store.list())[0]).toMatchObject({
      originMeasured: true,
      inputLatency: 'unknown',
    });
  });

  it('ends where Stop was pressed, however long the encoder takes to finish (issue 26)', async () => {
    // WebKitGTK's encoder waits 2 s for its end of stream: what the stream hears meanwhile is
    // not the take's.
    const late: (() => void)[] = [];
    const t = setup({ whileStopping: () => late.forEach((f) => f()) });
    await t.recorder.start('tuner', 'x');
    t.advance(500);
    t.reading(1500, 440);
    t.note({ type: 'note-on', hz: 440, onsetMs: 1400, confirmedMs: 1450 });
    late.push(() => {
      t.advance(2000);
      t.reading(3000, 392);
      t.note({ type: 'note-off', hz: 440, onsetMs: 1400, offsetMs: 2900 });
      t.note({ type: 'note-on', hz: 392, onsetMs: 3000, confirmedMs: 3050 });
    });
    await t.recorder.stop(); // pressed at 1500
    const take = await t.store.load('take-1');
    expect(take.readings).toEqual([500, 440, 0.95, -20, 440]);
    expect(take.notes).toEqual([{ onsetMs: 400, offsetMs: 500, hz: 440 }]);
    expect((await t.store.list())[0]).toMatchObject({ durationMs: 500, notesMidi: [69] });
  });

  it('ends at Stop on the stream clock while the origin settles: nothing heard after it is kept', async () => {
    // The stream stamps what the microphone captured, 80 ms before performance.now() processes
    // it. Stop is pressed at 3000 (performance.now()): the frame processed then was heard at 2920,
    // and the take's audio ends there, while the origin is still being measured.
    let measure: (origin: TakeOrigin) => void = () => undefined;
    const origin = new Promise<TakeOrigin>((resolve) => (measure = resolve));
    const t = setup({
      origin,
      latencyMs: 80,
      whileStopping: () => {
        t.reading(2950, 440); // heard after Stop, delivered as the encoder finishes
        t.note({ type: 'note-on', hz: 392, onsetMs: 2940, confirmedMs: 2990 });
        t.reading(3500, 392);
        measure({ frame: 1010, startedAtMs: 930, measured: true, score: 0.9 });
      },
    });
    await t.recorder.start('tuner', 'x'); // guessed origin: 920
    t.advance(1500);
    t.reading(2500, 440);
    t.note({ type: 'note-on', hz: 440, onsetMs: 2400, confirmedMs: 2450 });
    t.advance(500);
    t.reading(2900, 440);
    t.chunk(10);
    await t.recorder.stop();
    const take = await t.store.load('take-1');
    expect(take.readings).toEqual([1570, 440, 0.95, -20, 440, 1970, 440, 0.95, -20, 440]);
    // The note sounding at Stop ends there; the one begun after Stop is not the take's.
    expect(take.notes).toEqual([{ onsetMs: 1470, offsetMs: 1990, hz: 440 }]);
    // From the measured origin (930) to Stop (2920) on the stream's clock: the audio's length.
    expect((await t.store.list())[0]).toMatchObject({ durationMs: 1990, noteCount: 1 });
  });

  it('keeps a note that was already sounding when recording began (from the take start)', async () => {
    const t = setup();
    t.reading(990, 392); // the stream says G4 is sounding
    await t.recorder.start('tuner', 'x');
    t.advance(500);
    t.note({ type: 'note-off', hz: 392, onsetMs: 400, offsetMs: 1300 });
    t.advance(500);
    t.note({ type: 'note-on', hz: 440, onsetMs: 1400, confirmedMs: 1450 });
    await t.recorder.stop(); // A4 still sounding: closed at the stop
    const take = await t.store.load('take-1');
    expect(take.notes).toEqual([
      { onsetMs: 0, offsetMs: 300, hz: 392 },
      { onsetMs: 400, offsetMs: 1000, hz: 440 },
    ]);
    expect((await t.store.list())[0].notesMidi).toEqual([67, 69]);
  });

  it('is refused before it starts when storage is nearly full, and nothing is stored', async () => {
    const t = setup({ freeBytes: MIN_FREE_BYTES - 1 });
    await t.recorder.start('tuner', 'x');
    expect(t.recorder.state.get()).toMatchObject({
      state: 'idle',
      tone: 'error',
      message: expect.stringContaining('Storage is almost full'),
    });
    expect(await t.store.list()).toEqual([]);
  });

  it('is refused with a message when storage is unavailable (private mode)', async () => {
    const store = createTakeStore({ indexedDB: undefined, storage: null });
    const t = setup({ store });
    await t.recorder.start('tuner', 'x');
    expect(t.recorder.state.get()).toMatchObject({
      state: 'idle',
      message: expect.stringContaining('Storage is unavailable'),
    });
  });

  it('is refused when nothing is listening', async () => {
    const t = setup();
    await t.service.disconnect();
    await t.recorder.start('tuner', 'x');
    expect(t.recorder.state.get()).toMatchObject({ message: expect.stringContaining('listening') });
  });

  it('keeps what was recorded when the microphone is lost mid-take', async () => {
    const t = setup();
    await t.recorder.start('scales', 'Scales');
    t.advance(2000);
    t.reading(2900, 392);
    t.chunk(100);
    t.end('mic-lost');
    await expect.poll(() => t.recorder.state.get().state).toBe('idle');
    const [meta] = await t.store.list();
    expect(meta).toMatchObject({ state: 'interrupted', bytes: 100, durationMs: 2000 });
    expect(meta.endReason).toContain('microphone was lost');
    expect((await t.store.load('take-1')).readings).toHaveLength(5);
  });

  it('stops and keeps the take when the service releases the microphone (page hidden)', async () => {
    const t = setup();
    await t.recorder.start('tuner', 'x');
    t.chunk(5);
    await t.service.disconnect();
    await expect.poll(() => t.recorder.state.get().state).toBe('idle');
    expect(t.stops()).toBe(1);
    const [meta] = await t.store.list();
    expect(meta.state).toBe('interrupted');
    expect(meta.endReason).toContain('microphone was released');
    expect(meta.bytes).toBe(8);
  });

  it('stops when storage fills mid-take, keeping the chunks already written', async () => {
    const inner = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    let writes = 0;
    const store: TakeStore = {
      ...inner,
      async appendChunk(chunk, meta) {
        if (++writes > 1) {
          throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
        }
        await inner.appendChunk(chunk, meta);
      },
      put: (meta) => (writes > 1 ? Promise.reject(new Error('full')) : inner.put(meta)),
    };
    const t = setup({ store });
    await t.recorder.start('tuner', 'x');
    t.advance(1000);
    t.chunk(7);
    t.advance(1000);
    t.chunk(7);
    await expect.poll(() => t.recorder.state.get().state).toBe('idle');
    expect(t.recorder.state.get()).toMatchObject({
      message: 'Storage is full: the take was stopped and kept up to 0:02.',
    });
    const [meta] = await inner.list();
    expect(meta).toMatchObject({ bytes: 7, state: 'recording' }); // listed as interrupted
  });

  it('stops with a message when the take is deleted while it records, and it stays deleted', async () => {
    const t = setup();
    await t.recorder.start('tuner', 'x');
    t.advance(1000);
    t.chunk(7);
    await expect.poll(async () => (await t.store.list())[0]?.bytes).toBe(7);
    await t.store.remove('take-1');
    t.advance(1000);
    t.chunk(7);
    await expect.poll(() => t.recorder.state.get().state).toBe('idle');
    expect(t.stops()).toBe(1);
    expect(t.recorder.state.get()).toMatchObject({
      tone: 'error',
      message: 'The take was deleted while it was recording: recording stopped.',
    });
    expect(await t.store.list()).toEqual([]);
  });
});

describe("a take recorded on a piece's practice screen (issue 25)", () => {
  const pieceWith = (overall: number[]): TakePiece => ({
    id: 'p-1',
    title: 'Arban 1',
    attempts: overall.map((score, i) => ({
      atMs: 1000 * (i + 1),
      scores: { overall: score, pitch: score, timing: score, steadiness: score },
      fixFirst: score < 90 ? 'You rush the eighths' : null,
      notes: [{ index: 0, measure: '1', written: 'C5', verdict: 'played' as const }],
    })),
  });

  it('keeps the piece and the passes judged while it recorded, asked with its start', async () => {
    const passes: number[] = [];
    const asked: number[] = [];
    const t = setup({
      context: () => ({
        pieceFor: (startedAtMs) => {
          asked.push(startedAtMs);
          return pieceWith(passes);
        },
      }),
    });
    await t.recorder.start('Piece: Arban 1', 'Piece: Arban 1 take');
    t.chunk(5);
    passes.push(72); // judged while recording, after the first saved chunk
    await t.recorder.stop();
    const [meta] = await t.store.list();
    expect(meta.piece).toEqual(pieceWith([72]));
    expect(new Set(asked)).toEqual(new Set([Date.UTC(2026, 10, 22)]));
  });

  it('keeps what it knew when the screen was left before Stop; a plain take has no piece', async () => {
    let context: TakeContext | null = { pieceFor: () => pieceWith([95]) };
    const t = setup({ context: () => context });
    await t.recorder.start('Piece: Arban 1', 'take');
    t.chunk(5);
    context = null; // the practice screen closed; recording goes on
    await t.recorder.stop();
    expect((await t.store.list())[0].piece).toEqual(pieceWith([95]));

    const plain = setup();
    await plain.recorder.start('tuner', 'Tuner take');
    await plain.recorder.stop();
    expect((await plain.store.list())[0]).not.toHaveProperty('piece');
  });
});
