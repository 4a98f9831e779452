/**
 * Metronome: a steady beat with the bar's first beat accented, as a ClickSource sounded by the
 * audio session on its one clock (`output/audio-session.ts`, look-ahead scheduling there).
 */
import type { Click, ClickSource } from './click-source';
import { getAudioSession, type AudioSession, type ClickTrack } from './audio-session';

export const TEMPO_BPM_RANGE = { min: 40, max: 208 } as const;

export function validateTempoBpm(bpm: number): number {
  const { min, max } = TEMPO_BPM_RANGE;
  if (!Number.isFinite(bpm) || bpm < min || bpm > max) {
    throw new RangeError(`Tempo must be ${min}–${max} bpm, got ${bpm}`);
  }
  return bpm;
}

function validateBeatsPerBar(beatsPerBar: number): number {
  if (!Number.isInteger(beatsPerBar) || beatsPerBar < 1 || beatsPerBar > 16) {
    throw new RangeError(`beatsPerBar must be an integer 1–16, got ${beatsPerBar}`);
  }
  return beatsPerBar;
}

/** An endless steady beat: `accent` on each bar's first beat, `beat` on the others. */
export function steadyBeats(tempoBpm: number, beatsPerBar = 4): ClickSource {
  const beatS = 60 / validateTempoBpm(tempoBpm);
  validateBeatsPerBar(beatsPerBar);
  let index = 0;
  return {
    next(): Click {
      const i = index++;
      const beat = i % beatsPerBar;
      return {
        offsetS: i * beatS,
        kind: beat === 0 ? 'accent' : 'beat',
        bar: Math.floor(i / beatsPerBar),
        beat,
      };
    },
  };
}

export interface MetronomeOptions {
  tempoBpm: number;
  /** Accent every `beatsPerBar` beats (1 = no accent). Default 4. */
  beatsPerBar?: number;
  /** 0..1, default 0.5. */
  volume?: number;
  /** Default: the app's audio session. */
  session?: AudioSession;
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
  const beatsPerBar = validateBeatsPerBar(options.beatsPerBar ?? 4);
  const volume = options.volume ?? 0.5;
  if (!(volume >= 0 && volume <= 1)) throw new RangeError(`volume must be 0..1, got ${volume}`);
  let track: ClickTrack | undefined;
  const beatMs = 60_000 / tempoBpm;
  return {
    get running() {
      return track?.running ?? false;
    },
    tempoBpm,
    async start(leadInS = 0.2) {
      track?.stop();
      const session = options.session ?? getAudioSession();
      track = session.clicks.play(steadyBeats(tempoBpm, beatsPerBar), { leadInS, volume });
      const { startS, startMs } = await track.started;
      return { startS, startMs, beatMs };
    },
    stop() {
      track?.stop();
    },
    async dispose() {
      track?.stop();
      track = undefined;
      await Promise.resolve();
    },
  };
}
