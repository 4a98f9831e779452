/**
 * MediaRecorder that is checked, with the PCM recorder standing by (issue 26).
 *
 * WebKitGTK 2.50 (GStreamer) says it encodes `audio/mp4`, starts, and then hands out only empty
 * blobs: its encoding profile for a microphone track asks for `rate=0`, GStreamer's encodebin
 * finds no compatible profile, the capture pipeline stops "not-linked", and the page is never
 * told (no `error` event; without gst-plugins-rs' `isofmp4mux` it would not slice by timeslice
 * anyway). A take made that way was empty. So both run from the first sample: MediaRecorder and the
 * PCM recorder, whose chunks are held in memory (~88 kB a second at 44.1 kHz). The first non-empty
 * MediaRecorder chunk decides for MediaRecorder (the PCM one is dropped); none within `verifyMs`,
 * none by the end of a shorter take, or a MediaRecorder error decides for PCM, whose held chunks
 * go out first, so no audio is lost either way.
 */
import type { AudioRecorder, RecorderCallbacks, RecorderEnd, RecordingFormat } from './recorder';

export interface StandbyRecorder extends AudioRecorder {
  /** Which recorder the take ended up with: 'deciding' until the first verdict. */
  readonly using: 'deciding' | 'media' | 'pcm';
}

export function startWithStandby(
  startMedia: (callbacks: RecorderCallbacks) => AudioRecorder,
  startPcm: (callbacks: RecorderCallbacks) => AudioRecorder & { finalHeader(): Blob },
  callbacks: RecorderCallbacks,
  options: { verifyMs: number; now: () => number },
): StandbyRecorder {
  let using: 'deciding' | 'media' | 'pcm' = 'deciding';
  const held: Blob[] = [];
  let pcmEnd: RecorderEnd | null = null;
  /** Why the take ends when MediaRecorder's end decided for PCM (the microphone was lost). */
  let endOverride: RecorderEnd | null = null;
  let ended = false;
  const timer = setTimeout(() => {
    if (using === 'deciding') choosePcm();
  }, options.verifyMs);
  let resolveEnded: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (resolveEnded = resolve));
  const end = (result: RecorderEnd): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    callbacks.onEnd(result);
    resolveEnded();
  };

  const chooseMedia = (): void => {
    using = 'media';
    clearTimeout(timer);
    held.length = 0;
    void pcm.stop();
  };
  const choosePcm = (mediaEnd?: RecorderEnd): void => {
    using = 'pcm';
    clearTimeout(timer);
    for (const chunk of held.splice(0)) callbacks.onChunk(chunk);
    if (pcmEnd) {
      end(pcmEnd);
    } else if (mediaEnd?.reason === 'mic-lost') {
      endOverride = mediaEnd;
      void pcm.stop();
    } else if (!mediaEnd) {
      void media.stop(); // its output is not used
    }
    // An encoder error or our own stop: PCM goes on until `stop()`.
  };

  const startedAtMs = options.now();
  const pcm = startPcm({
    onChunk(chunk) {
      if (using === 'deciding') held.push(chunk);
      else if (using === 'pcm') callbacks.onChunk(chunk);
    },
    onEnd(result) {
      pcmEnd = result;
      if (using === 'pcm') end(endOverride ?? result);
    },
  });
  let media: AudioRecorder;
  try {
    media = startMedia({
      onChunk(chunk) {
        if (using === 'deciding' && chunk.size > 0) chooseMedia();
        if (using === 'media') callbacks.onChunk(chunk);
      },
      onEnd(result) {
        if (using === 'media') end(result);
        // Ended without one byte: an encoder that failed, a take shorter than the check, or the
        // microphone lost. PCM has everything since the start.
        else if (using === 'deciding') choosePcm(result);
      },
    });
  } catch {
    // No MediaRecorder after all (its constructor refused the stream): PCM records alone.
    using = 'pcm';
    clearTimeout(timer);
    for (const chunk of held.splice(0)) callbacks.onChunk(chunk);
    return Object.assign(pcm, { using: 'pcm' as const });
  }

  return {
    get format(): RecordingFormat {
      return using === 'pcm' ? pcm.format : media.format;
    },
    get using() {
      return using;
    },
    startedAtMs,
    async stop() {
      if (using === 'deciding') {
        // PCM ends now (its last chunk held), whatever MediaRecorder's end costs; then
        // MediaRecorder's last chunk decides: data → MediaRecorder, none → PCM (in its onEnd).
        void pcm.stop();
        await media.stop();
      }
      if (using === 'pcm') await pcm.stop();
      else if (using === 'media') await media.stop();
      await done;
    },
    finalHeader() {
      return using === 'pcm' ? pcm.finalHeader() : null;
    },
  };
}
