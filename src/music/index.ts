// Public API of the pure music logic (no React, Ionic, Capacitor, Web Audio or DOM in here).
export * from './theory/notes';
export * from './theory/cents';
export * from './theory/transposition';
export * from './theory/spelling';
export * from './theory/fingerings';
export * from './theory/partials';
export * from './assessment/smoothing';
// Exercise-page modules (owned by the exercise engineer), built on the ones above.
export * from './theory/scales';
export * from './theory/lip-slurs';
export * from './assessment/scoring';
export * from './assessment/coach';
export * from './theory/intonation';
// partialDeviationCents lives in partials.ts (the coach's rules are in intonation.ts).
export { partialDeviationCents } from './theory/partials';
export * from './theory/temperament-ids';
export * from './theory/temperament';
export * from './theory/drone-intonation';
export * from './theory/notation';
export * from './assessment/note-scores';
export * from './assessment/attack-measure';
export * from './theory/long-tone-patterns';
export * from './theory/articulation';
export * from './theory/tongue-strokes';
export * from './theory/fragments';
export * from './theory/clarke';
export * from './theory/transposition-practice';
export * from './theory/pedal-tones';
export * from './assessment/note-advice';
export * from './assessment/hold-scores';
export * from './assessment/latency-calibration';
export * from './assessment/latency-range';
// The score model and its MusicXML reader (issue 21). Renamed: notation.ts has its own KeySignature.
export type {
  KeySignature as ScoreKeySignature,
  TimeSignature as ScoreTimeSignature,
  FromQuarter,
  TempoQpm,
  ScoreNote,
  ScoreMeasure,
  ScoreClef,
  ScoreTransposition,
  Score,
} from './score/score-model';
export { DEFAULT_TEMPO_QPM, TREBLE_CLEF } from './score/score-model';
export * from './score/score-read-error';
export * from './score/musicxml';
export { quartersToMs, tempoAt } from './score/tempo-map';
export * from './score/mxl';
export * from './score/score-transpose';
// Building scores from a line of notes (generated exercises, the bundled studies in src/pieces).
export { scoreFromLine, type LineItem, type LineScoreOptions } from './score/score-build';
// The assessor (issue 21), for imported pieces (issue 25) and the exercises.
export type {
  NoteVerdictKind,
  NoteFlag,
  SubScores as AssessmentSubScores,
  NoteAssessment,
  AttemptAssessment,
} from './assessment/assessment-types';
export { assessPerformance, concertMidiOf, type AssessOptions } from './assessment/assessor';
export {
  isCleanPass,
  cleanPassFaults,
  sayCleanPassFaults,
  nextCleanStreak,
  validateCleanPassesInARow,
  CLEAN_PASS_MIN_OVERALL,
  CLEAN_PASSES_IN_A_ROW_RANGE,
  DEFAULT_CLEAN_PASSES_IN_A_ROW,
  type CleanPassFault,
  type CleanStreak,
} from './assessment/clean-pass';
export { sayNote, pitchFixOf, fingeringOfNote, keyAlterOf } from './assessment/summary';
export { playedFingering, type AskedFingering } from './assessment/played-fingering';
export { createLiveAssessor, type LiveAssessor } from './assessment/live-assessor';
export type { TimingReference } from './assessment/timing';
export { playedTempoOf, tempoLabel, tempoLine, type PlayedTempo } from './assessment/played-tempo';
export type { Performance, PerformanceReading, PerformanceEvent } from './assessment/performance';
export { scoreToMusicXml } from './score/musicxml-write';
export { scoreFromPassage, type PassageNoteAim } from './assessment/passage-score';
export { scoreAgainstDrone } from './assessment/drone-aims';
export * from './assessment/bands';
export { asNoteScore, type AsNoteScoreContext } from './assessment/as-note-score';
export { signatureOfKey } from './assessment/key-spelling';
export { judgeHeldNote, type HeldNoteJudgement } from './assessment/held-note';
export { TIMING_FLAT_MS, timingScore, untimedOverall, weightedOverall } from './assessment/curves';
