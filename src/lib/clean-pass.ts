import { createEmitter, type EventSource } from './observable';

/**
 * A pass judged: an exercise or a piece played through and graded, clean or not (issue 37, U2:
 * `isCleanPass` in src/music decides). The metronome's speed trainer in clean-pass mode
 * (src/companion) counts clean passes in a row and raises its tempo after the number it asks for;
 * a pass that is not clean starts the count again, so every judged pass is reported. Exercises
 * and pieces only report: they need not know whether a metronome is running (issue 24).
 */
export interface JudgedPass {
  /** What was played, for the record (e.g. 'a timed exercise', a piece's title). */
  readonly what: string;
  readonly clean: boolean;
}

const passes = createEmitter<JudgedPass>();

export const judgedPasses: EventSource<JudgedPass> = passes;

export function reportPass(pass: JudgedPass): void {
  passes.emit(pass);
}
