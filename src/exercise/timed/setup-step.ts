import { useMemo, useState } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import { useRoutineStep } from '../routine/routine-step';
import { useRememberedSetup, type SetupMemory } from '../setup-memory';

/**
 * A timed exercise's two steps: its setup form, then the music that setup plays. The setup is
 * remembered when started (issue 23 row 10); a routine step plays it without the form (one tap a
 * step), and "Change setup" goes back to the form. Outside the routine the music is a routed
 * step (`…/play`: the browser's Back returns to the form).
 */
export function useSetupStep<T extends object, P>(
  memory: SetupMemory<T>,
  problemOf: (setup: T) => string | null,
  passageOf: (setup: T) => P,
) {
  const remembered = useRememberedSetup(memory);
  const { setup } = remembered;
  const routineStep = useRoutineStep();
  const [editing, setEditing] = useState(routineStep === null);
  const [error, setError] = useState<string | null>(null);
  const [routed, setRouted] = useRoutedStep<P>();
  const direct = useMemo(
    () => (editing || problemOf(setup) ? null : passageOf(setup)),
    [editing, setup, problemOf, passageOf],
  );
  return {
    remembered,
    /** The music to play, or null: the form is shown. */
    passage: routineStep ? direct : routed,
    /** Why the last Start was refused, or null. */
    error,
    /** Starts the setup, or says what is wrong with it. */
    start(): void {
      const problem = problemOf(setup);
      if (problem) {
        setError(problem);
        return;
      }
      setError(null);
      remembered.remember();
      if (routineStep) setEditing(false);
      else setRouted(passageOf(setup));
    },
    /** The music's Back: to the form. */
    back: routineStep ? () => setEditing(true) : () => setRouted(null),
    /** "Change setup", offered in the routine only (elsewhere Back is the way). */
    changeSetup: routineStep ? () => setEditing(true) : undefined,
  };
}
