import { useEffect, useRef, useState } from 'react';
import { getSettingsStore } from '../settings';
import type { SignalState } from './tuner-display';

/**
 * Sound without a pitch for this long since the last pitch (pauses for breath do not count, nor
 * reset it), with pedal listening off, brings the offer (issue 23 row 6).
 */
export const PEDAL_OFFER_AFTER_MS = 1500;

/**
 * A clean pedal B♭2 sounds below the engine's usual floor, so the tuner showed only "no clear
 * pitch" with no hint. When sound without a pitch lasts, offer pedal-tone listening.
 */
export function PedalOffer(props: { signal: SignalState; pedalTones: boolean }) {
  const [lasted, setLasted] = useState(false);
  const soundMs = useRef(0);
  const waiting = props.signal === 'no-pitch' && !props.pedalTones;
  const pitched = props.signal === 'pitch';
  useEffect(() => {
    if (pitched) soundMs.current = 0;
  }, [pitched]);
  useEffect(() => {
    if (!waiting) return;
    const startMs = performance.now();
    const timer = setTimeout(() => setLasted(true), PEDAL_OFFER_AFTER_MS - soundMs.current);
    return () => {
      clearTimeout(timer);
      soundMs.current += performance.now() - startMs;
    };
  }, [waiting]);
  // A pitch heard starts the count again.
  const [shownFor, setShownFor] = useState(props.signal);
  if (shownFor !== props.signal) {
    setShownFor(props.signal);
    if (props.signal === 'pitch') setLasted(false);
  }
  if (!lasted || props.pedalTones) return null;
  return (
    <div className="pedal-offer" data-testid="pedal-offer">
      Playing a pedal tone?{' '}
      <button
        type="button"
        data-testid="pedal-offer-on"
        onClick={() => getSettingsStore().update({ pedalTones: true })}
      >
        Listen for pedal tones
      </button>
    </div>
  );
}
