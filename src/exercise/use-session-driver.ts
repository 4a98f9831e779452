import { useEffect } from 'react';
import type { NoteEvent, PitchReading, PitchService } from '../audio/stream/pitch-service-types';

/**
 * What an exercise session needs from the page: every pitch reading and note event of the stream,
 * and (optionally) the time.
 */
export interface DrivenSession {
  onReading(reading: PitchReading): void;
  onNote?(event: NoteEvent): void;
  tick?(nowMs: number): void;
}

/**
 * Feeds every reading and note event of the pitch service to `session` (outside React state: the page re-renders
 * only when the session's own observable state changes) and, when `tickMs` is given, calls
 * `session.tick(performance.now())` that often so time-based phases advance without input.
 */
export function useSessionDriver(
  service: PitchService,
  session: DrivenSession,
  tickMs?: number,
): void {
  useEffect(() => service.reading.subscribe((r) => session.onReading(r)), [service, session]);
  useEffect(() => service.notes.subscribe((e) => session.onNote?.(e)), [service, session]);
  useEffect(() => {
    if (tickMs === undefined || !session.tick) return;
    const timer = window.setInterval(() => session.tick?.(performance.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [session, tickMs]);
}
