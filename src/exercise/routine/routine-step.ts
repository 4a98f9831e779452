import { createContext, useContext } from 'react';

/**
 * An exercise shown as a step of today's routine (given by src/pages/ExercisePage.tsx): it starts
 * from its remembered setup without the setup form (issue 23 row 10: each step reopened its full
 * setup), and its results end with one primary button to the next step, labelled with it.
 */
export interface RoutineStepInfo {
  /** The results' button to the next step: "Next: Lip slurs", "Next: Warm-down". */
  nextLabel: string;
}

export const RoutineStepContext = createContext<RoutineStepInfo | null>(null);

/** The routine step this exercise is, or null when it was opened on its own. */
export const useRoutineStep = (): RoutineStepInfo | null => useContext(RoutineStepContext);
