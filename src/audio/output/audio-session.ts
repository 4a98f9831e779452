/**
 * The one audio owner (issue 20): the only AudioContext the app constructs, shared by the pitch
 * service, drones and click tracks, so everything is scheduled and stamped on one clock; it
 * derives the drone cancellation from what actually sounds, release tails included. Created on
 * the first `acquire` (a user gesture: iOS starts contexts only there), closed when its last user
 * lets go; on the web the first one is made by the entry right after the first paint
 * (`../stream/early-start.ts`) and taken over here, so the pitch service's first connect need not
 * wait for it. Constructed only by `app-audio-context.ts`. API and contract: docs/audio-session.md.
 */
import { createEmitter, createObservable } from '../../lib/observable';
import { takeEarlyContext } from '../clock/early-adopt';
import { createAppAudioContext } from '../clock/app-audio-context';
import { audioTimeToPerformanceMs, outputLatencyS } from '../clock/audio-clock';
import type { Click, ClickSource } from './click-source';
import { createClickPuller, LOOK_AHEAD_S, SCHEDULER_INTERVAL_MS } from './click-scheduler';
import {
  CANCEL_TAIL_MARGIN_MS,
  cancellationHz,
  nextExpiryMs,
  sameFrequencies,
  type SoundingPartial,
} from './drone-cancellation';
import {
  createDroneVoices,
  DRONE_RELEASE_S,
  validateDroneHz,
  validateDroneVolume,
  type DroneVoices,
} from './drone-voices';
import { CLICK_S, playClick } from './click-sound';
import type {
  DroneOptions,
  DroneHandle,
  ClickTrackOptions,
  ScheduledClick,
  ClickTrack,
  AudioSession,
  AudioSessionDeps,
} from './audio-session-types';

export type * from './audio-session-types';

export function createAudioSession(deps: AudioSessionDeps = {}): AudioSession {
  // The web's first context was made by the entry, before the first render (early-start.ts).
  const createContext = deps.createContext ?? (() => takeEarlyContext() ?? createAppAudioContext());
  const nowMs = deps.nowMs ?? (() => performance.now());
  const later = deps.setTimeout ?? ((cb, ms) => window.setTimeout(cb, ms));
  const cancelLater = deps.clearTimeout ?? ((id) => window.clearTimeout(id));
  const every = deps.setInterval ?? ((cb, ms) => window.setInterval(cb, ms));
  const cancelEvery = deps.clearInterval ?? ((id) => window.clearInterval(id));

  let context: AudioContext | undefined;
  let users = 0;
  const counts = { contextsCreated: 0, contextsClosed: 0 };
  /** Per drone: what it makes sound, by frequency (a voice and a glide's old pitch). */
  const sounding = new Map<object, Map<number, number>>();
  const cancellation = createObservable<readonly number[]>([]);
  let expiryTimer: number | undefined;
  let clickTracks = 0;

  const acquire = (): AudioContext => {
    if (!context || context.state === 'closed') {
      context = createContext();
      counts.contextsCreated++;
    }
    users++;
    return context;
  };

  const release = async (ctx: AudioContext): Promise<void> => {
    if (ctx !== context || users === 0) return;
    users--;
    if (users > 0) return;
    context = undefined;
    counts.contextsClosed++;
    if (ctx.state !== 'closed') {
      try {
        await ctx.close();
      } catch {
        // Already closing: nothing else to free.
      }
    }
  };

  const resume = async (ctx: AudioContext): Promise<void> => {
    if (ctx.state === 'suspended') await ctx.resume();
  };

  const partials = function* (): Generator<SoundingPartial> {
    for (const byHz of sounding.values()) {
      for (const [hz, untilMs] of byHz) yield { hz, untilMs };
    }
  };

  /** Re-derive the cancellation from what sounds, drop what has ended, wake at the next end. */
  const refresh = (): void => {
    const now = nowMs();
    for (const [owner, byHz] of sounding) {
      for (const [hz, untilMs] of byHz) if (untilMs <= now) byHz.delete(hz);
      if (byHz.size === 0) sounding.delete(owner);
    }
    const next = cancellationHz(partials(), now);
    if (!sameFrequencies(next, cancellation.get())) cancellation.set(Object.freeze(next));
    if (expiryTimer !== undefined) cancelLater(expiryTimer);
    expiryTimer = undefined;
    const expiry = nextExpiryMs(partials(), now);
    if (expiry !== null) {
      expiryTimer = later(
        () => {
          expiryTimer = undefined;
          refresh();
        },
        Math.max(1, expiry - now + 1),
      );
    }
  };

  function playDrone(hz: readonly number[], options: DroneOptions = {}): DroneHandle {
    const first = validateDroneHz(hz);
    const volume = validateDroneVolume(options.volume ?? 0.2);
    const timbre = options.timbre ?? 'sine';
    const ctx = acquire();
    const owner = {};
    const byHz = new Map<number, number>();
    sounding.set(owner, byHz);
    const outputLatencyMs = outputLatencyS(ctx) * 1000;
    let current: readonly number[] = Object.freeze(first);
    let voices: DroneVoices | undefined;
    const onSounding = (f: number, untilS: number): void => {
      const untilMs =
        untilS === Infinity
          ? Infinity
          : nowMs() + (untilS - ctx.currentTime) * 1000 + outputLatencyMs + CANCEL_TAIL_MARGIN_MS;
      byHz.set(f, untilMs);
      if (!sounding.has(owner)) sounding.set(owner, byHz);
    };
    try {
      voices = createDroneVoices(ctx, ctx.destination, first, { volume, timbre, onSounding });
    } catch (error) {
      sounding.delete(owner);
      void release(ctx);
      throw error;
    }
    refresh();
    const started = resume(ctx).catch((error: unknown) => {
      handle.release();
      throw error;
    });
    started.catch(() => undefined); // reported to whoever awaits it, never as unhandled
    const handle: DroneHandle = {
      get hz() {
        return current;
      },
      started,
      retune(next) {
        const list = validateDroneHz(next);
        if (!voices) return;
        current = Object.freeze(list);
        voices.retune(list);
        refresh();
      },
      setVolume(next) {
        voices?.setVolume(next);
      },
      release() {
        if (!voices) return;
        voices.release();
        voices = undefined;
        current = Object.freeze([]);
        refresh();
        // The context stays until the tail has stopped sounding.
        later(() => void release(ctx), DRONE_RELEASE_S * 1000 + 50);
      },
    };
    return handle;
  }

  function playClicks(source: ClickSource, options: ClickTrackOptions = {}): ClickTrack {
    const leadInS = options.leadInS ?? 0.2;
    if (!(leadInS >= 0 && leadInS <= 5)) {
      throw new RangeError(`leadInS must be 0..5 s, got ${leadInS}`);
    }
    const volume = validateDroneVolume(options.volume ?? 0.5);
    const ctx = acquire();
    clickTracks++;
    const puller = createClickPuller(source);
    const emitter = createEmitter<ScheduledClick>();
    const scheduled: AudioScheduledSourceNode[] = [];
    let timer: number | undefined;
    let running = true;
    let startS = 0;

    const sound = (
      atS: number,
      kind: Exclude<Click['kind'], 'silent'>,
    ): AudioScheduledSourceNode => {
      const osc = playClick(ctx, atS, kind, volume, () => {
        const i = scheduled.indexOf(osc);
        if (i >= 0) scheduled.splice(i, 1);
      });
      return osc;
    };

    const finish = (): void => {
      if (!running) return;
      running = false;
      if (timer !== undefined) cancelEvery(timer);
      timer = undefined;
      clickTracks--;
      // The last scheduled click (≤ LOOK_AHEAD_S ahead) still sounds unless stopped.
      later(() => void release(ctx), (LOOK_AHEAD_S + CLICK_S) * 1000 + 50);
    };

    const schedule = (): void => {
      if (!running) return;
      let due: Click[];
      try {
        due = puller.due(startS, ctx.currentTime, LOOK_AHEAD_S);
      } catch (error) {
        console.error('click track stopped:', error);
        finish();
        return;
      }
      const now = ctx.currentTime;
      for (const click of due) {
        const atS = startS + click.offsetS;
        const sounded = click.kind !== 'silent' && atS >= now;
        if (sounded && click.kind !== 'silent') scheduled.push(sound(atS, click.kind));
        emitter.emit({ ...click, atS, atMs: audioTimeToPerformanceMs(ctx, atS), sounded });
      }
      if (puller.done) finish();
    };

    const started = resume(ctx).then(
      () => {
        if (!running) throw new Error('click track stopped before it started');
        startS = ctx.currentTime + leadInS;
        schedule();
        if (running) timer = every(schedule, SCHEDULER_INTERVAL_MS);
        return { startS, startMs: audioTimeToPerformanceMs(ctx, startS) };
      },
      (error: unknown) => {
        finish();
        throw error;
      },
    );
    started.catch(() => undefined); // reported to whoever awaits it, never as unhandled

    return {
      started,
      clicks: emitter,
      get running() {
        return running;
      },
      stop() {
        for (const osc of scheduled.splice(0)) {
          try {
            osc.stop();
          } catch {
            // Already stopped.
          }
        }
        finish();
      },
    };
  }

  return {
    acquire,
    release,
    drone: { play: playDrone },
    clicks: { play: playClicks },
    cancellationHz: cancellation,
    diagnostics: () => ({
      ...counts,
      users,
      contextState: context?.state ?? 'none',
      drones: [...sounding.keys()].length,
      clickTracks,
    }),
  };
}

declare global {
  /** Test hook: the app's audio session (e2e checks of contexts, drones and click times). */
  var __embouchureAudioSession: AudioSession | undefined;
}

let shared: AudioSession | undefined;

/** The app's one audio session. */
export function getAudioSession(): AudioSession {
  if (!shared) {
    shared = createAudioSession();
    globalThis.__embouchureAudioSession = shared;
  }
  return shared;
}
