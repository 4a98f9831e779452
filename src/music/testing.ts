/**
 * src/music's front door for test support (the app's is `index.ts`): a synthesised performance of
 * a score, for tests outside src/music. Production code may not import it (lint: no `testing`
 * import outside tests), so it can never reach the app's bundle.
 */
export { synthPerformance, type SynthNote } from './assessment/testing/synthetic-performance';
