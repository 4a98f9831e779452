/**
 * Quarter-note positions to milliseconds under a stepwise tempo map (each tempo holds until the
 * next; no gradual accelerando, which MusicXML gives only as words or per-note playback data).
 */
import type { FromQuarter, TempoQpm } from './score-model';

const MS_PER_MINUTE = 60_000;

/**
 * Ms from the start of the performance to `quarters`. `tempos` must be sorted by `atQuarters`
 * and start at 0 (Score.tempos always does).
 */
export function quartersToMs(tempos: readonly FromQuarter<TempoQpm>[], quarters: number): number {
  let ms = 0;
  for (let i = 0; i < tempos.length; i++) {
    const from = tempos[i].atQuarters;
    if (from >= quarters) break;
    const to = Math.min(quarters, tempos[i + 1]?.atQuarters ?? Number.POSITIVE_INFINITY);
    ms += ((to - from) * MS_PER_MINUTE) / tempos[i].value;
  }
  return ms;
}

/** The tempo in force at a position, quarter notes per minute. */
export function tempoAt(tempos: readonly FromQuarter<TempoQpm>[], quarters: number): TempoQpm {
  let tempo = tempos[0].value;
  for (const entry of tempos) {
    if (entry.atQuarters > quarters) break;
    tempo = entry.value;
  }
  return tempo;
}
