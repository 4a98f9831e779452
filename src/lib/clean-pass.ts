import { createEmitter, type EventSource } from './observable';

/**
 * "That was clean": an exercise or a piece played through without a miss. The metronome's speed
 * trainer in clean-pass mode (src/companion) raises its tempo one step on each; exercises and
 * pieces only report, they need not know whether a metronome is running (issue 24).
 */
export interface CleanPass {
  /** What passed, for the record (e.g. 'scales', a piece's title). */
  what: string;
}

const passes = createEmitter<CleanPass>();

export const cleanPasses: EventSource<CleanPass> = passes;

export function reportCleanPass(pass: CleanPass): void {
  passes.emit(pass);
}
