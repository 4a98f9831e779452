/**
 * One calibration run (issue 20): a count-in and a few clicks from the audio session; the player
 * plays a short note on each; the stream's note onsets are paired with the clicks' heard times and
 * the median offset is the new calibration (`calibrateLatency` in src/music). The caller stores it.
 */
import { getAudioSession, type AudioSession } from '../../audio/output/audio-session';
import type { ClickSource } from '../../audio/output/click-source';
import type { PitchService } from '../../audio/stream/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../../lib/observable';
import { calibrateLatency, type CalibrationResult } from '../../music';

export const CALIBRATION_TEMPO_BPM = 80;
/** Clicks to get ready on, then clicks to play on. */
export const COUNT_IN_CLICKS = 2;
export const PLAYED_CLICKS = 6;
/** After the last click, how long a late note still counts, ms (the pairing's window and more). */
const SETTLE_MS = 700;

export interface CalibrationProgress {
  /** 'count-in': get ready; 'playing': play on each click; 'done'. */
  phase: 'count-in' | 'playing' | 'done';
  /** Clicks to play on heard so far, of `PLAYED_CLICKS`. */
  clicksHeard: number;
  /** Notes the stream has heard so far. */
  notesHeard: number;
}

export interface CalibrationRun {
  readonly progress: ReadonlyObservable<CalibrationProgress>;
  /** The result, or a reason; rejects only when listening or the clicks could not start. */
  readonly result: Promise<CalibrationResult>;
  cancel(): void;
}

export function runLatencyCalibration(
  service: PitchService,
  currentMs: number,
  deps: { session?: AudioSession; now?: () => number } = {},
): CalibrationRun {
  const session = deps.session ?? getAudioSession();
  const now = deps.now ?? (() => performance.now());
  const progress = createObservable<CalibrationProgress>({
    phase: 'count-in',
    clicksHeard: 0,
    notesHeard: 0,
  });
  const beatS = 60 / CALIBRATION_TEMPO_BPM;
  const total = COUNT_IN_CLICKS + PLAYED_CLICKS;
  let index = 0;
  const source: ClickSource = {
    next: () => {
      if (index >= total) return null;
      const i = index++;
      return { offsetS: i * beatS, kind: i < COUNT_IN_CLICKS ? 'accent' : 'beat', bar: 0, beat: i };
    },
  };
  const clicksMs: number[] = [];
  const onsetsMs: number[] = [];
  let cancelled = false;
  let stopTrack: () => void = () => undefined;
  let unsubscribe: () => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const result = (async (): Promise<CalibrationResult> => {
    if (service.status.get().state !== 'connected') await service.connect();
    if (service.status.get().state !== 'connected') {
      throw new Error(
        'the microphone is not listening: allow it (or tap to start), then try again',
      );
    }
    unsubscribe = service.notes.subscribe((event) => {
      if (event.type !== 'note-on') return;
      onsetsMs.push(event.onsetMs);
      progress.set({ ...progress.get(), notesHeard: onsetsMs.length });
    });
    const track = session.clicks.play(source, { leadInS: 0.3, volume: 0.6 });
    stopTrack = () => track.stop();
    let lastClickMs = Number.NaN;
    const allScheduled = new Promise<void>((resolve) => {
      track.clicks.subscribe((click) => {
        if (click.beat < COUNT_IN_CLICKS) return;
        clicksMs.push(click.atMs);
        lastClickMs = click.atMs;
        if (clicksMs.length === PLAYED_CLICKS) resolve();
      });
    });
    await track.started;
    // The phase follows the clicks as they are heard (each is scheduled ~0.3 s ahead).
    const tick = (): void => {
      if (cancelled) return;
      const heard = clicksMs.filter((ms) => ms <= now()).length;
      const firstPlayed = clicksMs[0];
      const phase =
        firstPlayed !== undefined && now() >= firstPlayed - 300 ? 'playing' : 'count-in';
      progress.set({ ...progress.get(), phase, clicksHeard: heard });
      timer = setTimeout(tick, 50);
    };
    tick();
    await allScheduled;
    await new Promise<void>((resolve) => {
      const wait = (): void => {
        if (cancelled || now() >= lastClickMs + SETTLE_MS) resolve();
        else setTimeout(wait, 50);
      };
      wait();
    });
    clearTimeout(timer);
    unsubscribe();
    track.stop();
    progress.set({ phase: 'done', clicksHeard: PLAYED_CLICKS, notesHeard: onsetsMs.length });
    if (cancelled) return { ok: false, reason: 'Cancelled.', offsetsMs: [] };
    return calibrateLatency(clicksMs, onsetsMs, currentMs);
  })();
  result.catch(() => {
    clearTimeout(timer);
    unsubscribe();
    stopTrack();
  });

  return {
    progress,
    result,
    cancel() {
      cancelled = true;
      stopTrack();
    },
  };
}
