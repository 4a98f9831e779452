import { useRoutineStep } from './routine-step';

/**
 * The results' way on: in the routine the primary button, named by the next step ("Next: Lip
 * slurs"); nothing when the exercise was opened on its own (no `onNext`).
 */
export function NextStepButton(props: { onNext?: () => void }) {
  const step = useRoutineStep();
  if (!props.onNext) return null;
  return (
    <button type="button" data-testid="next-exercise" onClick={props.onNext}>
      {step?.nextLabel ?? 'Next exercise'}
    </button>
  );
}
