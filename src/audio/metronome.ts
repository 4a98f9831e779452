/**
 * Metronome: an audible click scheduled on the audio clock with look-ahead ("A Tale of Two
 * Clocks", C. Wilson, web.dev 2013). A coarse main-thread timer only wakes the scheduler; every
 * click is placed at an exact `AudioContext.currentTime`, so timer jitter never moves a click.
 */
import { audioTimeToPerformanceMs } from './audio-clock';

export const TEMPO_BPM_RANGE = { min: 40, max: 208 } as const;
/** How far ahead clicks are scheduled, seconds; longer than the worst timer delay we expect. */
export const LOOK_AHEAD_S = 0.12;
/** How often the scheduler wakes, ms. */
export const SCHEDULER_INTERVAL_MS = 25;
const CLICK_S = 0.03;

export function validateTempoBpm(bpm: number): number {
  const { min, max } = TEMPO_BPM_RANGE;
  if (!Number.isFinite(bpm) || bpm < min || bpm > max) {
    throw new RangeError(`Tempo must be ${min}–${max} bpm, got ${bpm}`);
  }
  return bpm;
}

/**
 * Beat indices to schedule now: every beat from `nextBeat` whose time falls before
 * `nowS + lookAheadS`. Pure (the scheduler's only decision), so it is unit-tested.
 */
export function beatsDue(
  nextBeat: number,
  startS: number,
  beatS: number,
  nowS: number,
  lookAheadS: number = LOOK_AHEAD_S,
): number[] {
  const due: number[] = [];
  for (let beat = nextBeat; startS + beat * beatS < nowS + lookAheadS; beat++) due.push(beat);
  return due;
}

export interface MetronomeOptions {
  tempoBpm: number;
  /** Accent every `beatsPerBar` beats (1 = no accent). Default 4. */
  beatsPerBar?: number;
  /** 0..1, default 0.5. */
  volume?: number;
  /** Share a context (not closed by `dispose()`); default: a private one. */
  context?: AudioContext;
  /** Timer used to wake the scheduler (tests pass a fake). */
  setInterval?: (callback: () => void, ms: number) => number;
  clearInterval?: (id: number) => void;
}

export interface MetronomeStart {
  /** Audio-clock time of beat 0, seconds. */
  startS: number;
  /** `performance.now()` time at which beat 0 is heard, ms (for scoring against pitch readings). */
  startMs: number;
  beatMs: number;
}

export interface Metronome {
  /** Starts clicking `leadInS` from now (call from a user gesture the first time). */
  start(leadInS?: number): Promise<MetronomeStart>;
  stop(): void;
  dispose(): Promise<void>;
  readonly running: boolean;
  readonly tempoBpm: number;
}

export function createMetronome(options: MetronomeOptions): Metronome {
  const tempoBpm = validateTempoBpm(options.tempoBpm);
  const beatsPerBar = options.beatsPerBar ?? 4;
  if (!Number.isInteger(beatsPerBar) || beatsPerBar < 1 || beatsPerBar > 16) {
    throw new RangeError(`beatsPerBar must be an integer 1–16, got ${beatsPerBar}`);
  }
  const volume = options.volume ?? 0.5;
  if (!(volume >= 0 && volume <= 1)) throw new RangeError(`volume must be 0..1, got ${volume}`);
  const every = options.setInterval ?? ((cb, ms) => window.setInterval(cb, ms));
  const cancel = options.clearInterval ?? ((id) => window.clearInterval(id));
  const ownsContext = options.context === undefined;
  let context = options.context;
  const beatS = 60 / tempoBpm;
  let timer: number | undefined;
  let nextBeat = 0;
  let startS = 0;

  const click = (ctx: AudioContext, atS: number, accent: boolean): void => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = accent ? 1760 : 1320;
    gain.gain.setValueAtTime(0, atS);
    gain.gain.linearRampToValueAtTime(volume, atS + 0.002);
    gain.gain.exponentialRampToValueAtTime(0.0001, atS + CLICK_S);
    osc.connect(gain).connect(ctx.destination);
    osc.start(atS);
    osc.stop(atS + CLICK_S + 0.01);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
  };

  const schedule = (): void => {
    const ctx = context;
    if (!ctx) return;
    for (const beat of beatsDue(nextBeat, startS, beatS, ctx.currentTime)) {
      click(ctx, startS + beat * beatS, beat % beatsPerBar === 0);
      nextBeat = beat + 1;
    }
  };

  return {
    get running() {
      return timer !== undefined;
    },
    tempoBpm,
    async start(leadInS = 0.2) {
      context ??= new AudioContext();
      if (context.state === 'suspended') await context.resume();
      if (timer !== undefined) cancel(timer);
      nextBeat = 0;
      startS = context.currentTime + leadInS;
      schedule();
      timer = every(schedule, SCHEDULER_INTERVAL_MS);
      const startMs = audioTimeToPerformanceMs(context, startS);
      return { startS, startMs, beatMs: beatS * 1000 };
    },
    stop() {
      if (timer !== undefined) cancel(timer);
      timer = undefined;
    },
    async dispose() {
      if (timer !== undefined) cancel(timer);
      timer = undefined;
      if (ownsContext && context && context.state !== 'closed') await context.close();
      context = undefined;
    },
  };
}
