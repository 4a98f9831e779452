/**
 * The fingering a note was played with, decided once for the rows, the summary and the pieces'
 * note detail (issue 37, U1: the summary looked up the chart's primary fingering while the rows
 * used the lip slur's valves, so they disagreed): the valves the exercise asks for (a lip slur
 * keeps one combination), else a piccolo's 4th valve where it replaces 1-3 / 1-2-3, else the
 * chart's primary fingering; none for a note aimed off equal temperament (a 7th partial) or off
 * the chart.
 */
import { fingeringFor, fourthValveFor, type ValveCombo } from '../theory/fingerings';
import type { AdviceFingering } from './note-advice';

export interface AskedFingering {
  /** The valves the exercise sets (lip slurs). */
  readonly combo?: ValveCombo;
  /** Aimed off equal temperament (a 7th partial): no slide or alternate advice. */
  readonly naturalCents?: number;
}

export function playedFingering(
  writtenMidi: number,
  /** The instrument's id (a piccolo has a 4th valve); null when unknown. */
  instrumentId: string | null,
  asked: AskedFingering = {},
): AdviceFingering {
  if (asked.naturalCents !== undefined) {
    return { writtenMidi, combo: null };
  }
  if (asked.combo) return { writtenMidi, combo: asked.combo, fixed: true };
  if (!Number.isInteger(writtenMidi)) return { writtenMidi, combo: null };
  const chart = fingeringFor(writtenMidi);
  const fourth = instrumentId === null ? null : fourthValveFor(writtenMidi, instrumentId);
  if (fourth) return { writtenMidi, combo: fourth.replaces, fourthValve: fourth.label };
  return { writtenMidi, combo: chart.hasFingering ? chart.primary : null };
}
