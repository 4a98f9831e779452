// Apart from latency-calibration.ts so the settings, which load at start-up, do not pull the
// calibration maths into the initial chunk (a module the entry imports lands there whole).
/** The calibration a player can store, ms: a correction outside this is a mistake, not latency. */
export const LATENCY_CALIBRATION_RANGE_MS = { min: -100, max: 500 } as const;
