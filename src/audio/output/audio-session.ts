/**
 * The one audio owner (issue 20): the only AudioContext the app constructs, shared by the
 * microphone analysis (the pitch service), drones and reference tones, and click tracks, so
 * everything is scheduled and stamped on one clock (iOS also limits and resamples each live
 * context). Views ask it for a drone or a click track; it derives the drone cancellation the
 * pitch stream needs from what actually sounds, release tails included (`drone-cancellation.ts`).
 *
 * The context is created on the first `acquire` (from a user gesture: iOS starts contexts only
 * there) and closed when its last user lets go, so a screen that uses no audio holds none.
 * API and contract: docs/audio-session.md.
 */
import { createEmitter, createObservable, type EventSource } from '../../lib/observable';
import type { ReadonlyObservable } from '../../lib/observable';
import { audioTimeToPerformanceMs, outputLatencyS } from '../stream/audio-clock';
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
  type DroneTimbre,
  type DroneVoices,
} from './drone-voices';

export interface DroneOptions {
  /** Peak gain 0..1 of all voices together, default 0.2 (the player's own sound stays louder). */
  volume?: number;
  /** Default 'sine'. Every timbre is cancelled from the microphone. */
  timbre?: DroneTimbre;
}

export interface DroneHandle {
  /** The voices sounding now, Hz (empty once released). */
  readonly hz: readonly number[];
  /** Resolves once the context runs; rejects if it cannot start (the drone is then released). */
  readonly started: Promise<void>;
  /** Glide to new voices (1..4) without retriggering; no-op once released. */
  retune(hz: readonly number[]): void;
  setVolume(volume: number): void;
  /** Fade out (DRONE_RELEASE_S); cancellation follows the fade. Idempotent. */
  release(): void;
}

export interface ClickTrackOptions {
  /** Seconds from now to the track's time zero, 0..5, default 0.2. */
  leadInS?: number;
  /** Peak gain 0..1 of an accent, default 0.5 (beats 0.8 of it, subdivisions 0.5 of it). */
  volume?: number;
}

/** A click as scheduled: its audio-clock time and when it is heard (performance.now() ms). */
export interface ScheduledClick extends Click {
  atS: number;
  atMs: number;
  /** False for a click the scheduler reached too late to sound (the page was throttled). */
  sounded: boolean;
}

export interface ClickTrackStart {
  /** Audio-clock time of the track's time zero, s. */
  startS: number;
  /** When time zero is heard, performance.now() ms (readings are on this timeline). */
  startMs: number;
}

export interface ClickTrack {
  readonly started: Promise<ClickTrackStart>;
  /** Each click as it is scheduled, about LOOK_AHEAD_S before it is heard. */
  readonly clicks: EventSource<ScheduledClick>;
  /** True from `play` until `stop` or the source's end. */
  readonly running: boolean;
  /** Stop scheduling; clicks already scheduled (≤ LOOK_AHEAD_S ahead) are cancelled. */
  stop(): void;
}

export interface AudioSessionDiagnostics {
  contextsCreated: number;
  contextsClosed: number;
  /** Holders of the context now (pitch service, drones, click tracks). */
  users: number;
  contextState: AudioContextState | 'none';
  drones: number;
  clickTracks: number;
}

export interface AudioSession {
  /** The shared context (created if none), held until `release(context)`. */
  acquire(): AudioContext;
  /** Let go of a context from `acquire`; the last user closes it. Stale contexts are ignored. */
  release(context: AudioContext): Promise<void>;
  readonly drone: { play(hz: readonly number[], options?: DroneOptions): DroneHandle };
  readonly clicks: { play(source: ClickSource, options?: ClickTrackOptions): ClickTrack };
  /** What the drone canceller must subtract now, Hz (at most MAX_DRONE_VOICES). */
  readonly cancellationHz: ReadonlyObservable<readonly number[]>;
  diagnostics(): AudioSessionDiagnostics;
}

export interface AudioSessionDeps {
  createContext?: () => AudioContext;
  nowMs?: () => number;
  setTimeout?: (callback: () => void, ms: number) => number;
  clearTimeout?: (id: number) => void;
  setInterval?: (callback: () => void, ms: number) => number;
  clearInterval?: (id: number) => void;
}

const CLICK_S = 0.03;
/**
 * A click is a burst of noise through a wide band-pass (a woodblock's tick), centred here, Hz. It
 * has no pitch for the tuner to read: pitched beeps at 990–1760 Hz sit in the trumpet's range and
 * a 990 Hz sixteenth was read as written C♯6 (issue 24's metronome-with-tuner test).
 */
const CLICK_BAND_HZ: Readonly<Record<Exclude<Click['kind'], 'silent'>, number>> = {
  accent: 3200,
  beat: 2400,
  sub: 1800,
};
/** Wide enough to stay noise (a narrow band rings at its centre, which is a pitch again). */
const CLICK_BAND_Q = 0.7;
/** One noise buffer per context, made once (no allocation per click). */
const noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();
function noiseFor(ctx: BaseAudioContext): AudioBuffer {
  let buffer = noiseBuffers.get(ctx);
  if (!buffer) {
    const length = Math.ceil((CLICK_S + 0.01) * ctx.sampleRate);
    buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    // A fixed linear congruential sequence: every click sounds the same (Numerical Recipes).
    let x = 1;
    for (let i = 0; i < length; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      data[i] = x / 2 ** 31 - 1;
    }
    noiseBuffers.set(ctx, buffer);
  }
  return buffer;
}
const CLICK_LEVEL: Readonly<Record<Exclude<Click['kind'], 'silent'>, number>> = {
  accent: 1,
  beat: 0.8,
  sub: 0.5,
};

export function createAudioSession(deps: AudioSessionDeps = {}): AudioSession {
  const createContext =
    deps.createContext ?? (() => new AudioContext({ latencyHint: 'interactive' }));
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
      const osc = ctx.createBufferSource();
      osc.buffer = noiseFor(ctx);
      const band = ctx.createBiquadFilter();
      band.type = 'bandpass';
      band.frequency.value = CLICK_BAND_HZ[kind];
      band.Q.value = CLICK_BAND_Q;
      const gain = ctx.createGain();
      const peak = volume * CLICK_LEVEL[kind];
      gain.gain.setValueAtTime(0, atS);
      gain.gain.linearRampToValueAtTime(peak, atS + 0.002);
      gain.gain.exponentialRampToValueAtTime(0.0001, atS + CLICK_S);
      osc.connect(band).connect(gain).connect(ctx.destination);
      osc.start(atS);
      osc.stop(atS + CLICK_S + 0.01);
      osc.onended = () => {
        osc.disconnect();
        band.disconnect();
        gain.disconnect();
        const i = scheduled.indexOf(osc);
        if (i >= 0) scheduled.splice(i, 1);
      };
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
