import { useEffect, useRef, useState } from 'react';
import type { InstrumentId, Spelling } from '../music';
import { announcement, type TunerDisplay } from './tuner-display';

/** A note must stay this long before it is announced, so fast passages are not read out. */
export const ANNOUNCE_AFTER_MS = 700;

/**
 * Text for a polite live region: changes only when the displayed note (or no-signal) changes and
 * then holds, never on every cents update.
 */
export function useAnnouncement(
  display: TunerDisplay,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): string {
  const [text, setText] = useState('');
  const lastKey = useRef('');
  const key = display.hasPitch ? `${display.writtenMidi}` : 'none';
  const latest = useRef(display);
  useEffect(() => {
    latest.current = display;
  });

  useEffect(() => {
    if (key === lastKey.current) return;
    const timer = setTimeout(() => {
      lastKey.current = key;
      setText(announcement(latest.current, instrumentId, spelling));
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, instrumentId, spelling]);

  return text;
}
