import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getAudioSession,
  type ClickTrack,
  type ScheduledClick,
} from '../audio/output/audio-session';
import type { PitchService } from '../audio/stream/pitch-service-types';
import { judgedPasses } from '../lib/clean-pass';
import type { CleanStreak } from '../music';
import { measureGapDrift, type GapDrift, type GridPoint } from './logic/gap-drift';
import {
  createMetronomeSource,
  type MetronomeClick,
  type MetronomeConfig,
  type MetronomeSource,
} from './logic/metronome-source';

/** What the pulse shows: the click being heard now. */
export interface Pulse {
  bar: number;
  beat: number;
  kind: ScheduledClick['kind'];
  gap: boolean;
  bpm: number;
  /** Increments per beat, so the flash restarts even on a repeated beat number. */
  count: number;
}

/** Kept for the drift: the grid of the last bars and the player's last attacks. */
const GRID_KEEP = 512;
const ONSETS_KEEP = 256;

declare global {
  /** Test hook: the clicks the session scheduled for the metronome (e2e reads their audio times). */
  var __embouchureMetronome: { clicks: (ScheduledClick & Partial<MetronomeClick>)[] } | undefined;
}

const trimTo = <T>(list: T[], keep: number): void => {
  if (list.length > keep * 2) list.splice(0, list.length - keep);
};

/**
 * Plays a metronome config on the app's one audio session and follows it: the pulse as each
 * click is heard, the tempo (the speed trainer moves it), and in the gap drill the player's drift
 * while the click is muted, from the stream's attacks (note onsets and re-attacks) on the same
 * performance.now() timeline the session stamps its clicks with.
 */
export function useMetronome(service: PitchService) {
  const [playing, setPlaying] = useState(false);
  const [pulse, setPulse] = useState<Pulse | null>(null);
  const [drift, setDrift] = useState<GapDrift | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The clean-pass trainer's count toward its next step (changes once per judged pass). */
  const [streak, setStreak] = useState<CleanStreak | null>(null);
  const trackRef = useRef<ClickTrack | null>(null);
  const sourceRef = useRef<MetronomeSource | null>(null);
  const cleanupRef = useRef<(() => void)[]>([]);

  const stop = useCallback(() => {
    trackRef.current?.stop();
    trackRef.current = null;
    sourceRef.current = null;
    for (const undo of cleanupRef.current) undo();
    cleanupRef.current = [];
    setPlaying(false);
    setPulse(null);
  }, []);

  const start = useCallback(
    (from: MetronomeConfig) => {
      stop();
      setProblem(null);
      setDrift(null);
      const source = createMetronomeSource(from);
      const track = getAudioSession().clicks.play(source, { leadInS: 0.15 });
      trackRef.current = track;
      sourceRef.current = source;
      const grid: GridPoint[] = [];
      const onsets: number[] = [];
      const timers = new Set<ReturnType<typeof setTimeout>>();
      const record = { clicks: [] as (ScheduledClick & Partial<MetronomeClick>)[] };
      globalThis.__embouchureMetronome = record;
      let count = 0;
      const refreshDrift = () => {
        if (from.gap) setDrift(measureGapDrift(grid, onsets));
      };
      const offClicks = track.clicks.subscribe((scheduled) => {
        const click = scheduled as ScheduledClick & Partial<MetronomeClick>;
        record.clicks.push(click);
        trimTo(record.clicks, 4096);
        const onUnit = (click.part ?? 0) === 0;
        if (onUnit) {
          grid.push({ timeMs: click.atMs, bar: click.bar, gap: click.gap ?? false });
          trimTo(grid, GRID_KEEP);
        }
        if (!onUnit || (click.unitInBeat ?? 0) !== 0) return;
        // Show the beat when it is heard, not when it is scheduled (LOOK_AHEAD_S earlier).
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            count++;
            setPulse({
              bar: click.bar,
              beat: click.beat,
              kind: click.kind,
              gap: click.gap ?? false,
              bpm: click.bpm ?? from.bpm,
              count,
            });
            if (click.beat === 0) refreshDrift();
          },
          Math.max(0, click.atMs - performance.now()),
        );
        timers.add(timer);
      });
      const addOnset = (ms: number) => {
        if (!Number.isFinite(ms)) return;
        onsets.push(ms);
        trimTo(onsets, ONSETS_KEEP);
      };
      const offNotes = service.notes.subscribe((event) => {
        if (event.type === 'note-on') addOnset(event.onsetMs);
      });
      // A repeated note re-tongued on each beat has no new onset, only a level dip and re-attack.
      const offReading = service.reading.subscribe((reading) => {
        for (const dip of reading.dips) addOnset(dip.attackMs);
      });
      // Speed trainer, clean-pass mode: an exercise or piece was judged (clean or not: a pass
      // that is not clean starts the count of clean passes in a row again).
      setStreak(source.streak);
      const offPasses = judgedPasses.subscribe((pass) => {
        source.pass(pass.clean);
        setStreak(source.streak);
      });
      cleanupRef.current = [
        offPasses,
        offClicks,
        offNotes,
        offReading,
        () => {
          for (const timer of timers) clearTimeout(timer);
        },
      ];
      track.started.catch((error: unknown) => {
        setProblem(`The metronome could not start its sound (${String(error)}).`);
        stop();
      });
      setPlaying(true);
    },
    [service, stop],
  );

  useEffect(() => stop, [stop]);

  return {
    playing,
    pulse,
    drift,
    problem,
    start,
    stop,
    /** Tempo change while playing: from the next unit, no restart. */
    setTempo: (bpm: number) => sourceRef.current?.setTempo(bpm),
    /** Clean passes in a row toward the clean-pass trainer's next step (null: none runs). */
    streak: playing ? streak : null,
  };
}
