/**
 * Plays a recorded take through a media element: seek, loop a selection, slow down (0.5–1×) with
 * the pitch kept where the platform can (`preservesPitch`, HTML spec; Safari before 16 only has
 * the prefixed `webkitPreservesPitch`). Not Web Audio, so the pitch engine never hears it; the
 * takes view also releases the microphone while it plays (src/takes/TakePlayer.tsx).
 */
import { createObservable, type ReadonlyObservable } from '../lib/observable';

export const MIN_RATE = 0.5;
export const MAX_RATE = 1;

export interface TakePlayer {
  readonly playing: ReadonlyObservable<boolean>;
  /** Where playback is, ms from the take's start (read every frame by the view: no re-render). */
  positionMs(): number;
  play(): Promise<void>;
  pause(): void;
  seek(ms: number): void;
  /** 0.5–1; throws a RangeError naming the range otherwise. */
  setRate(rate: number): void;
  /** Loop [startMs, endMs), or null for none. */
  setLoop(loop: { startMs: number; endMs: number } | null): void;
  /** Whether a slowed take keeps its pitch on this platform. */
  readonly preservesPitch: boolean;
  dispose(): void;
}

type PitchKeeping = HTMLMediaElement & { webkitPreservesPitch?: boolean };

export function createTakePlayer(audio: Blob, durationMs: number): TakePlayer {
  const element = new Audio() as PitchKeeping;
  const url = URL.createObjectURL(audio);
  element.preload = 'auto';
  element.src = url;
  let preservesPitch = false;
  if ('preservesPitch' in element) {
    element.preservesPitch = true;
    preservesPitch = true;
  } else if ('webkitPreservesPitch' in (element as object)) {
    (element as PitchKeeping).webkitPreservesPitch = true;
    preservesPitch = true;
  }
  const playing = createObservable(false);
  let loop: { startMs: number; endMs: number } | null = null;
  let frame = 0;
  const clamp = (ms: number): number => Math.min(Math.max(ms, 0), Math.max(0, durationMs));

  // Loop by watching the position every frame: `timeupdate` fires only every ~250 ms.
  const watch = (): void => {
    frame = 0;
    if (!playing.get()) return;
    if (loop && element.currentTime * 1000 >= loop.endMs) element.currentTime = loop.startMs / 1000;
    frame = requestAnimationFrame(watch);
  };
  element.onplay = () => {
    playing.set(true);
    if (!frame) frame = requestAnimationFrame(watch);
  };
  element.onpause = () => playing.set(false);
  element.onended = () => {
    playing.set(false);
    if (loop) void player.play();
  };

  const player: TakePlayer = {
    playing,
    preservesPitch,
    positionMs: () => clamp(element.currentTime * 1000),
    async play() {
      if (loop) {
        const at = element.currentTime * 1000;
        if (at < loop.startMs || at >= loop.endMs) element.currentTime = loop.startMs / 1000;
      } else if (element.ended) {
        element.currentTime = 0;
      }
      await element.play();
    },
    pause: () => element.pause(),
    seek(ms) {
      element.currentTime = clamp(ms) / 1000;
    },
    setRate(rate) {
      if (!(rate >= MIN_RATE && rate <= MAX_RATE)) {
        throw new RangeError(`playback rate must be ${MIN_RATE}–${MAX_RATE}, got ${rate}`);
      }
      element.playbackRate = rate;
      element.defaultPlaybackRate = rate;
    },
    setLoop(next) {
      loop = next && next.endMs - next.startMs >= 50 ? { ...next } : null;
    },
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      element.pause();
      element.onplay = element.onpause = element.onended = null;
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
    },
  };
  return player;
}
