import { useLayoutEffect, useState } from 'react';
import type { PitchReading, PitchService } from '../audio/stream/pitch-service-types';
import { shiftHzByCents, tuningVerdict } from '../music';
import type { CentsPrecision, Damping } from '../settings';
import {
  createSteadiness,
  DAMPING_HYSTERESIS,
  DAMPING_TIME_CONSTANT_MS,
  quantizeCents,
} from './cents-motion';
import { createLiveCents } from './live-cents';
import { createTailGate } from './tail-gate';
import { createDisplayFilter } from './display-filter';
import { aimAtTarget, type TargetSettings } from './intonation-target';
import {
  describeReading,
  NO_SIGNAL,
  sameDisplay,
  signalState,
  type DisplaySettings,
  type SignalState,
  type TunerDisplay,
} from './tuner-display';

export type TunerDisplayOptions = DisplaySettings &
  Partial<Pick<TargetSettings, 'temperament' | 'droneRootWrittenMidi' | 'droneThird'>> & {
    damping: Damping;
    centsPrecision: CentsPrecision;
  };

/**
 * The needle's position frame by frame (cents, `null` with no pitch), for views that draw at
 * display rate (gauge, strobe) without a React render per frame.
 */
export interface CentsMotion {
  /** Called on every animation frame while a note sounds, and once with `null` when it stops. */
  onFrame(listener: (cents: number | null, timeMs: number) => void): () => void;
  /** Where the needle is now. */
  current(): number | null;
}

export interface TunerView {
  /** What the text shows: the note and the damped cents, quantised (whole cents by default). */
  display: TunerDisplay;
  /** Silence, sound without a clear pitch, or a pitch (`signalState`, from the latest level). */
  signal: SignalState;
  motion: CentsMotion;
}

/**
 * The tuner's reading: the stream's confirmed note, smoothed (`display-filter.ts`) for the reading's
 * own mode, described for the chosen instrument and A4, then damped as the player chose
 * (`cents-motion.ts`). One animation-frame loop runs while a note sounds: it moves the needle and
 * the strobe, and re-renders the text only when the number shown changes, so the needle is never
 * behind the text and React renders a few times a second, not on every message or frame.
 */
export function useTunerDisplay(service: PitchService, options: TunerDisplayOptions): TunerView {
  const [display, setDisplay] = useState<TunerDisplay>(NO_SIGNAL);
  const [signal, setSignal] = useState<SignalState>('silence');
  const [motion] = useState(createMotion);
  const { transposition, a4Hz, inTuneCents, spelling, damping, centsPrecision } = options;
  const { temperament = 'equal', droneRootWrittenMidi = 60, droneThird = false } = options;

  // A layout effect: the reading that is sounding now shows before the page is first painted
  // (below), not from the stream's next reading on.
  useLayoutEffect(() => {
    const settings: DisplaySettings = { transposition, a4Hz, inTuneCents, spelling };
    // Equal temperament, or just against the drone's root (`intonation-target.ts`).
    // With its 3rd the drone is a major triad: the 7th aims at the harmonic 7th (issue 22 row 6).
    const aim: TargetSettings = { temperament, droneRootWrittenMidi, inTuneCents, droneThird };
    let filter = createDisplayFilter(service.mode.get().response, damping);
    // The room's tail after a note is not a note (tail-gate.ts, issue 23 row 5).
    const gate = createTailGate();
    const gated = { hz: 0, onNote: false, timeMs: 0 };
    let filterResponse = service.mode.get().response;
    // Each reading moves the needle as of when it was heard, even when delivered in a burst.
    const follower = createLiveCents(DAMPING_TIME_CONSTANT_MS[damping]);
    const steadiness = createSteadiness();
    let target: TunerDisplay = NO_SIGNAL;
    let shownCents: number | null = null;
    let current: TunerDisplay | undefined;
    let currentSignal: SignalState = 'silence';
    let frame = 0;

    const render = (next: TunerDisplay): void => {
      if (current && sameDisplay(current, next)) return;
      current = next;
      setDisplay(next);
    };
    // The text for the needle's position now: whole cents, or tenths once the note is steady.
    const tick = (timeMs: number): void => {
      if (!target.hasPitch) return;
      const cents = follower.valueAt(timeMs);
      motion.emit(cents, timeMs);
      const step = centsPrecision === 'tenths-when-steady' && steadiness.steady() ? 0.1 : 1;
      shownCents = quantizeCents(cents, shownCents, step, DAMPING_HYSTERESIS[damping]);
      render({
        ...target,
        cents: shownCents,
        centsDigits: step === 1 ? 0 : 1,
        // The Hz shown is the note's at the cents shown, so the two always agree.
        hz: Math.round(shiftHzByCents(target.hz, shownCents - target.cents) * 10) / 10,
        verdict: tuningVerdict(shownCents, inTuneCents),
      });
    };
    const loop = (timeMs: number): void => {
      frame = 0;
      tick(timeMs);
      if (target.hasPitch) frame = requestAnimationFrame(loop);
    };
    const stop = (levelDb: number): void => {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      target = NO_SIGNAL;
      shownCents = null;
      steadiness.reset();
      motion.emit(null, performance.now());
      show(NO_SIGNAL, levelDb);
    };
    const show = (next: TunerDisplay, levelDb: number): void => {
      const nextSignal = signalState(next.hasPitch, levelDb, currentSignal);
      if (nextSignal !== currentSignal) {
        currentSignal = nextSignal;
        setSignal(nextSignal);
      }
      if (!next.hasPitch) render(NO_SIGNAL);
    };
    const onReading = (reading: PitchReading): void => {
      if (!reading.live) {
        filter.reset();
        gate.reset();
        follower.reset();
        stop(Number.NEGATIVE_INFINITY);
        return;
      }
      if (reading.response !== filterResponse) {
        filterResponse = reading.response;
        filter = createDisplayFilter(filterResponse, damping);
      }
      gated.timeMs = reading.timeMs;
      const heard = gate.shows(reading) ? reading : gated;
      const next = aimAtTarget(describeReading(filter.push(heard), settings), aim);
      if (!next.hasPitch) {
        if (target.hasPitch) stop(reading.levelDb);
        else show(NO_SIGNAL, reading.levelDb);
        return;
      }
      const nowMs = performance.now();
      // Another name shown: the cents now measure from another note. By the name, not the
      // stream's `noteId`, which may renumber a wide fast-mode vibrato that heavy damping holds.
      if (!target.hasPitch || target.writtenMidi !== next.writtenMidi) {
        // A new note shows at once: damping smooths a note, never a change of note.
        follower.jumpTo(next.cents, nowMs);
        steadiness.reset();
        shownCents = null;
      } else {
        follower.setTarget(next.cents, reading.timeMs, nowMs);
      }
      steadiness.push(next.cents);
      target = next;
      show(next, reading.levelDb);
      tick(nowMs);
      if (!frame) frame = requestAnimationFrame(loop);
    };
    const unsubscribeReading = service.reading.subscribe(onReading);
    const unsubscribeStatus = service.status.subscribe((status) => {
      if (status.state !== 'connected') {
        filter.reset();
        stop(Number.NEGATIVE_INFINITY);
      }
    });
    // What the stream says now: a tuner opened while a note sounds (the app's first screen on a
    // slow phone, where the note was heard before the page was drawn, or a tab switch) shows it
    // in its first frame, not a block of readings (~85 ms) later (issue 23 row 16).
    onReading(service.reading.get());
    return () => {
      unsubscribeReading();
      unsubscribeStatus();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [
    service,
    motion,
    transposition,
    a4Hz,
    inTuneCents,
    spelling,
    damping,
    centsPrecision,
    temperament,
    droneRootWrittenMidi,
    droneThird,
  ]);

  return { display, signal, motion };
}

function createMotion(): CentsMotion & { emit(cents: number | null, timeMs: number): void } {
  const listeners = new Set<(cents: number | null, timeMs: number) => void>();
  let latest: number | null = null;
  return {
    onFrame(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => latest,
    emit(cents, timeMs) {
      latest = cents;
      for (const listener of listeners) listener(cents, timeMs);
    },
  };
}
