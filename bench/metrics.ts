// Scoring of pitch readings against frame labels (corpus README, "Frame labelling").

/** Where an unvoiced frame comes from; false pitches are reported per kind. */
export type UnvoicedKind = 'silence' | 'low-level' | 'noise-only' | 'other';

export interface Tally {
  voiced: number;
  correct: number;
  gross: number;
  octave: number;
  reported: number;
  steady: number;
  /** |cents| vs the frame-local reference on steady frames read within 50 cents. */
  steadyCents: number[];
  unvoiced: Record<UnvoicedKind, number>;
  falsePitch: Record<UnvoicedKind, number>;
  micros: number[];
}

export function newTally(): Tally {
  return {
    voiced: 0,
    correct: 0,
    gross: 0,
    octave: 0,
    reported: 0,
    steady: 0,
    steadyCents: [],
    unvoiced: { silence: 0, 'low-level': 0, 'noise-only': 0, other: 0 },
    falsePitch: { silence: 0, 'low-level': 0, 'noise-only': 0, other: 0 },
    micros: [],
  };
}

export const CORRECT_CENTS = 50;

/** Score one voiced frame. `referenceHz`: frame-local truth for steady frames, or null. */
export function scoreVoiced(
  t: Tally,
  hz: number,
  expectedHz: number,
  steady: boolean,
  referenceHz: number | null,
): void {
  t.voiced++;
  if (steady) t.steady++;
  if (!(hz > 0)) return;
  t.reported++;
  const cents = 1200 * Math.log2(hz / expectedHz);
  if (Math.abs(cents) <= CORRECT_CENTS) {
    t.correct++;
    if (steady && referenceHz !== null) {
      t.steadyCents.push(Math.abs(1200 * Math.log2(hz / referenceHz)));
    }
    return;
  }
  t.gross++;
  const octaves = Math.round(cents / 1200);
  if (octaves !== 0 && Math.abs(cents - 1200 * octaves) <= CORRECT_CENTS) t.octave++;
}

export function scoreUnvoiced(t: Tally, hz: number, kind: UnvoicedKind): void {
  t.unvoiced[kind]++;
  if (hz > 0) t.falsePitch[kind]++;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export interface Summary {
  voicedFrames: number;
  rawPitchAccuracy: number;
  grossErrorRate: number;
  octaveErrorRate: number;
  octaveErrors: number;
  voicingRecall: number;
  steadyFrames: number;
  steadyScored: number;
  medianCents: number;
  p95Cents: number;
  unvoicedFrames: Record<UnvoicedKind, number>;
  falsePitchRate: Record<UnvoicedKind | 'all', number>;
  medianMicros: number;
  frames: number;
}

const rate = (n: number, d: number): number => (d > 0 ? n / d : NaN);

export function summarise(t: Tally): Summary {
  const kinds: UnvoicedKind[] = ['silence', 'low-level', 'noise-only', 'other'];
  const unvoicedAll = kinds.reduce((s, k) => s + t.unvoiced[k], 0);
  const falseAll = kinds.reduce((s, k) => s + t.falsePitch[k], 0);
  const falsePitchRate = { all: rate(falseAll, unvoicedAll) } as Record<
    UnvoicedKind | 'all',
    number
  >;
  for (const k of kinds) falsePitchRate[k] = rate(t.falsePitch[k], t.unvoiced[k]);
  return {
    voicedFrames: t.voiced,
    rawPitchAccuracy: rate(t.correct, t.voiced),
    grossErrorRate: rate(t.gross, t.voiced),
    octaveErrorRate: rate(t.octave, t.voiced),
    octaveErrors: t.octave,
    voicingRecall: rate(t.reported, t.voiced),
    steadyFrames: t.steady,
    steadyScored: t.steadyCents.length,
    medianCents: quantile(t.steadyCents, 0.5),
    p95Cents: quantile(t.steadyCents, 0.95),
    unvoicedFrames: { ...t.unvoiced },
    falsePitchRate,
    medianMicros: quantile(t.micros, 0.5),
    frames: t.micros.length,
  };
}
