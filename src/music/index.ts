// Public API of the pure music logic (no React, Ionic, Capacitor, Web Audio or DOM in here).
export * from './notes';
export * from './cents';
export * from './transposition';
export * from './spelling';
export * from './fingerings';
export * from './partials';
export * from './smoothing';
// Exercise-page modules (owned by the exercise engineer), built on the ones above.
export * from './scales';
export * from './lip-slurs';
export * from './scoring';
export * from './attack-scoring';
export * from './coach';
export * from './intonation';
// partialDeviationCents lives in partials.ts (the coach's rules are in intonation.ts).
export { partialDeviationCents } from './partials';
export * from './temperament-ids';
export * from './temperament';
export * from './notation';
export * from './note-scores';
export * from './long-tone-patterns';
export * from './articulation';
export * from './pedal-tones';
export * from './note-advice';
export * from './hold-scores';
