/**
 * The early start's hand-over (`../stream/early-start.ts` fills it, `early-adopt.ts` empties it).
 * Below the stream and the output so both may take from it: the audio session its first context,
 * the pitch service its microphone, engine and worklet. Types and one empty object only: the early
 * start is initial JS, and this keeps early-adopt.ts out of it.
 */
export interface EarlyPending {
  /** Until the pitch service takes it. */
  stream?: Promise<MediaStream>;
  engineUrl: string;
  engine: Promise<WebAssembly.Module>;
  /** Until the audio session takes it. */
  context?: AudioContext;
  /** The worklet module being added to the early context, until the service takes it. */
  worklet?: { context: AudioContext; url: string; added: Promise<void> };
  /** The session has made or taken its first context (or all was discarded): make none. */
  claimed?: boolean;
}

/** What was started and not yet taken over (read and emptied by `early-adopt.ts`). */
export const early: { pending?: EarlyPending } = {};
