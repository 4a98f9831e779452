import { TEMPO_BPM_RANGE } from '../../audio/output/metronome';

/** Null when `bpm` is a tempo the metronome plays, else the message that names the range. */
export function validTempo(bpm: number): string | null {
  const { min, max } = TEMPO_BPM_RANGE;
  return Number.isFinite(bpm) && bpm >= min && bpm <= max
    ? null
    : `Tempo must be ${min}–${max} bpm.`;
}

/** The metronome tempo field of the timed exercises (scales, lip slurs). */
export function TempoInput(props: {
  testId: string;
  tempoBpm: number;
  onChange: (bpm: number) => void;
}) {
  return (
    <label>
      Tempo (bpm){' '}
      <input
        data-testid={props.testId}
        type="number"
        min={TEMPO_BPM_RANGE.min}
        max={TEMPO_BPM_RANGE.max}
        value={props.tempoBpm}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </label>
  );
}
