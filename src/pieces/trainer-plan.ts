import { TRAINER_STEP_PERCENT, type PracticeSettings } from './piece-types';

/** What the tempo trainer will do, from the tempo and loop as set: switching it on changes neither the tempo nor anything unsaid (W5). */
export function trainerPlan(practice: PracticeSettings, bars: number): string {
  const loop = practice.loop ?? { fromBar: 1, toBar: bars };
  const where =
    loop.fromBar === 1 && loop.toBar === bars
      ? 'the whole piece'
      : loop.fromBar === loop.toBar
        ? `bar ${loop.fromBar}`
        : `bars ${loop.fromBar}–${loop.toBar}`;
  const start = practice.tempoPercent;
  return start >= 100
    ? `Starts at ${start} %, looping ${where}: already at the marked tempo, so it stays there.`
    : `Starts at ${start} % (the tempo above), looping ${where}, and rises ${TRAINER_STEP_PERCENT} % at a time.`;
}
