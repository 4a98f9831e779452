import { BackButton } from '../BackButton';
import { NextStepButton } from '../routine/NextStepButton';

/**
 * Under a timed exercise's results: the routine's next step, Again, Again at +4 bpm (the step a
 * teacher raises a clean passage by) and Back; while a bar is looped, that bar again or back to
 * the whole exercise (issue 23 row 10).
 */
export function AgainButtons(props: {
  /** The bar being looped (0-based), or null for the whole exercise. */
  loopBar: number | null;
  tempoBpm: number;
  /** The tempo "Again at …" offers (not shown when it is no faster: the metronome's maximum). */
  fasterBpm: number;
  onAgain: (tempoBpm: number, loopBar?: number | null) => void;
  onDone?: () => void;
  onBack: () => void;
}) {
  const { loopBar, tempoBpm, fasterBpm } = props;
  if (loopBar !== null) {
    return (
      <div className="buttons">
        <button type="button" data-testid="loop-again" onClick={() => props.onAgain(tempoBpm)}>
          Loop bar {loopBar + 1} again
        </button>
        <button type="button" data-testid="loop-exit" onClick={() => props.onAgain(tempoBpm, null)}>
          Back to the whole exercise
        </button>
      </div>
    );
  }
  return (
    <div className="buttons">
      <NextStepButton onNext={props.onDone} />
      <button type="button" data-testid="again" onClick={() => props.onAgain(tempoBpm)}>
        Again
      </button>
      {fasterBpm > tempoBpm && (
        <button type="button" data-testid="again-faster" onClick={() => props.onAgain(fasterBpm)}>
          Again at {fasterBpm} bpm
        </button>
      )}
      <BackButton onClick={props.onBack} />
    </div>
  );
}
