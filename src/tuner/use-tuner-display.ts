import { useEffect, useState } from 'react';
import type { PitchReading, PitchService } from '../audio/pitch-service-types';
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

export type TunerDisplayOptions = DisplaySettings & Partial<TargetSettings>;

export interface TunerView {
  display: TunerDisplay;
  /** Silence, sound without a clear pitch, or a pitch (`signalState`, from the latest level). */
  signal: SignalState;
}

/**
 * The tuner's reading: the stream's confirmed note, smoothed (`display-filter.ts`) for the reading's
 * own mode, and described for the chosen instrument and A4. The component re-renders only when what it shows
 * changes (note, cents to 0.1, Hz to 0.1, signal state), not on every message from the audio
 * thread.
 */
export function useTunerDisplay(service: PitchService, options: TunerDisplayOptions): TunerView {
  const [display, setDisplay] = useState<TunerDisplay>(NO_SIGNAL);
  const [signal, setSignal] = useState<SignalState>('silence');
  const { transposition, a4Hz, inTuneCents } = options;
  const { temperament = 'equal', droneRootWrittenMidi = 60 } = options;

  useEffect(() => {
    const settings: DisplaySettings = { transposition, a4Hz, inTuneCents };
    const target: TargetSettings = { temperament, droneRootWrittenMidi, inTuneCents };
    let filter = createDisplayFilter(service.mode.get().response);
    let filterResponse = service.mode.get().response;
    let current: TunerDisplay | undefined;
    let currentSignal: SignalState = 'silence';
    const show = (next: TunerDisplay, levelDb: number): void => {
      const nextSignal = signalState(next.hasPitch, levelDb, currentSignal);
      if (nextSignal !== currentSignal) {
        currentSignal = nextSignal;
        setSignal(nextSignal);
      }
      if (current && sameDisplay(current, next)) return;
      current = next;
      setDisplay(next);
    };
    const onReading = (reading: PitchReading): void => {
      if (!reading.live) {
        filter.reset();
        show(NO_SIGNAL, Number.NEGATIVE_INFINITY);
        return;
      }
      if (reading.response !== filterResponse) {
        filterResponse = reading.response;
        filter = createDisplayFilter(filterResponse);
      }
      show(aimAtTarget(describeReading(filter.push(reading), settings), target), reading.levelDb);
    };
    const unsubscribeReading = service.reading.subscribe(onReading);
    const unsubscribeStatus = service.status.subscribe((status) => {
      if (status.state !== 'connected') {
        filter.reset();
        show(NO_SIGNAL, Number.NEGATIVE_INFINITY);
      }
    });
    return () => {
      unsubscribeReading();
      unsubscribeStatus();
    };
  }, [service, transposition, a4Hz, inTuneCents, temperament, droneRootWrittenMidi]);

  return { display, signal };
}
