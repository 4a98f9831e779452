import { useEffect } from 'react';
import type { PitchReading, PitchService } from '../audio/pitch-service-types';

/** What an exercise session needs from the page: every pitch reading, and (optionally) the time. */
export interface DrivenSession {
  onReading(reading: PitchReading): void;
  tick?(nowMs: number): void;
}

/**
 * Feeds every reading of the pitch service to `session` (outside React state: the page re-renders
 * only when the session's own observable state changes) and, when `tickMs` is given, calls
 * `session.tick(performance.now())` that often so time-based phases advance without input.
 */
export function useSessionDriver(
  service: PitchService,
  session: DrivenSession,
  tickMs?: number,
): void {
  useEffect(() => service.reading.subscribe((r) => session.onReading(r)), [service, session]);
  useEffect(() => {
    if (tickMs === undefined || !session.tick) return;
    const timer = window.setInterval(() => session.tick?.(performance.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [session, tickMs]);
}
