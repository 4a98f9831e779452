import { useEffect, useState } from 'react';
import type { HistoryStore } from './history-db';
import { IntonationMapChart } from './IntonationMapChart';
import type { AttemptRecord } from './records';

/**
 * How many recent attempts the intonation map reads: years of daily long tones, while the history
 * itself may hold 100 000 attempts (the map needs medians, which no running aggregate keeps).
 */
export const MAP_RECENT_ATTEMPTS = 2000;

/** "Your horn's intonation map" from the latest attempts, reloaded when the history changes. */
export function IntonationMapPanel(props: { history: HistoryStore; version: number }) {
  const [attempts, setAttempts] = useState<readonly AttemptRecord[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    void props.history.recent(MAP_RECENT_ATTEMPTS).then((loaded) => {
      if (!cancelled) setAttempts(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [props.history, props.version]);
  return attempts === null ? null : <IntonationMapChart attempts={attempts} />;
}
