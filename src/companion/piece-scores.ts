import { useEffect, useState } from 'react';
import type { ReadonlyObservable } from '../lib/observable';
import { useObservable } from '../lib/use-observable';
import type { PieceDayScores } from './logic/piece-trends';

/**
 * Where the pieces' per-day scores come from: the pieces library (src/pieces/piece-store.ts),
 * handed in by the page, since the companion does not import the pieces folder
 * (build/eslint-layering.js).
 */
export interface PieceScoresSource {
  scoreDays(): Promise<readonly PieceDayScores[]>;
  /** Changes when an attempt is saved, a piece removed or a file imported. */
  readonly version: ReadonlyObservable<number>;
}

const NONE: readonly PieceDayScores[] = [];
const NO_VERSION: ReadonlyObservable<number> = { get: () => 0, subscribe: () => () => undefined };

/**
 * The rows, reloaded on every change; null while the first load runs. No source, or a library
 * that cannot be opened: no rows (the rest of Progress still shows).
 */
export function usePieceDays(
  source: PieceScoresSource | undefined,
): readonly PieceDayScores[] | null {
  const version = useObservable(source?.version ?? NO_VERSION);
  const [rows, setRows] = useState<readonly PieceDayScores[] | null>(source ? null : NONE);
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    source.scoreDays().then(
      (loaded) => !cancelled && setRows(loaded),
      () => !cancelled && setRows(NONE),
    );
    return () => {
      cancelled = true;
    };
  }, [source, version]);
  return rows;
}
