import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioRecorder, RecorderCallbacks, RecorderEnd } from './recorder';
import { startWithStandby } from './recorder-standby';

/** A recorder the test drives: `emit` a chunk, `finish` with a reason; `stop` ends it 'stopped'. */
function fakeRecorder(mimeType: string, finalChunk?: () => Blob | null) {
  let cb: RecorderCallbacks | undefined;
  let ended = false;
  const finish = (end: RecorderEnd): void => {
    if (ended || !cb) return;
    ended = true;
    cb.onEnd(end);
  };
  const recorder: AudioRecorder & { finalHeader(): Blob } = {
    format: { mimeType, codec: mimeType === 'audio/wav' ? 'pcm' : 'aac' },
    startedAtMs: 0,
    stop() {
      const last = finalChunk?.();
      if (!ended && last) cb?.onChunk(last);
      finish({ reason: 'stopped' });
      return Promise.resolve();
    },
    finalHeader: () => new Blob(['HEADER']),
  };
  return {
    start: (callbacks: RecorderCallbacks) => ((cb = callbacks), recorder),
    emit: (text: string) => cb?.onChunk(new Blob([text])),
    finish,
    get ended() {
      return ended;
    },
  };
}

const text = (blobs: Blob[]) => Promise.all(blobs.map((b) => b.text()));

function record(media: ReturnType<typeof fakeRecorder>, pcm: ReturnType<typeof fakeRecorder>) {
  const chunks: Blob[] = [];
  const ends: RecorderEnd[] = [];
  const recorder = startWithStandby(
    media.start,
    pcm.start,
    { onChunk: (c) => chunks.push(c), onEnd: (e) => ends.push(e) },
    { verifyMs: 4000, now: () => 0 },
  );
  return { recorder, chunks, ends };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('MediaRecorder checked, PCM standing by', () => {
  it('a MediaRecorder that delivers: its chunks only, the PCM recorder stopped and dropped', async () => {
    const media = fakeRecorder('audio/webm;codecs=opus');
    const pcm = fakeRecorder('audio/wav');
    const { recorder, chunks, ends } = record(media, pcm);
    pcm.emit('wav-header');
    pcm.emit('pcm-1');
    media.emit('opus-1');
    expect(recorder.using).toBe('media');
    expect(pcm.ended).toBe(true);
    media.emit('opus-2');
    await recorder.stop();
    await expect(text(chunks)).resolves.toEqual(['opus-1', 'opus-2']);
    expect(ends).toEqual([{ reason: 'stopped' }]);
    expect(recorder.format.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder.finalHeader?.()).toBeNull();
  });

  it('WebKitGTK: nothing from MediaRecorder in the check time, PCM from the first sample on', async () => {
    const media = fakeRecorder('audio/mp4');
    const pcm = fakeRecorder('audio/wav');
    const { recorder, chunks, ends } = record(media, pcm);
    pcm.emit('wav-header');
    pcm.emit('pcm-1');
    vi.advanceTimersByTime(3999);
    expect(recorder.using).toBe('deciding');
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorder.using).toBe('pcm');
    expect(media.ended).toBe(true);
    pcm.emit('pcm-2');
    await recorder.stop();
    await expect(text(chunks)).resolves.toEqual(['wav-header', 'pcm-1', 'pcm-2']);
    expect(ends).toEqual([{ reason: 'stopped' }]);
    expect(recorder.format.mimeType).toBe('audio/wav');
    await expect(recorder.finalHeader?.()?.text()).resolves.toBe('HEADER');
  });

  it('a take shorter than the check: the last MediaRecorder chunk decides', async () => {
    const delivering = fakeRecorder('audio/webm', () => new Blob(['opus-all']));
    const one = record(delivering, fakeRecorder('audio/wav'));
    await one.recorder.stop();
    await expect(text(one.chunks)).resolves.toEqual(['opus-all']);
    expect(one.recorder.using).toBe('media');

    const empty = fakeRecorder('audio/mp4');
    const pcm = fakeRecorder('audio/wav');
    const two = record(empty, pcm);
    pcm.emit('wav-header');
    pcm.emit('pcm-1');
    await two.recorder.stop();
    await expect(text(two.chunks)).resolves.toEqual(['wav-header', 'pcm-1']);
    expect(two.ends).toEqual([{ reason: 'stopped' }]);
  });

  it('MediaRecorder fails while checking: PCM goes on; the microphone lost ends the take as lost', async () => {
    const media = fakeRecorder('audio/mp4');
    const pcm = fakeRecorder('audio/wav');
    const { recorder, chunks, ends } = record(media, pcm);
    pcm.emit('pcm-1');
    media.finish({ reason: 'error', message: 'encoder' });
    expect(recorder.using).toBe('pcm');
    expect(ends).toEqual([]);
    pcm.emit('pcm-2');
    await recorder.stop();
    await expect(text(chunks)).resolves.toEqual(['pcm-1', 'pcm-2']);

    const media2 = fakeRecorder('audio/mp4');
    const pcm2 = fakeRecorder('audio/wav');
    const lost = record(media2, pcm2);
    pcm2.emit('pcm-1');
    media2.finish({ reason: 'mic-lost' });
    expect(lost.ends).toEqual([{ reason: 'mic-lost' }]);
    await expect(text(lost.chunks)).resolves.toEqual(['pcm-1']);
  });
});
