import { early } from './early-pending';

/** What the pitch service's first connect takes over from the entry's early start. */
export interface EarlyStart {
  stream: Promise<MediaStream>;
  engineUrl: string;
  engine: Promise<WebAssembly.Module>;
  /** The worklet module being added to `context`, if that is the early context and url; once. */
  workletFor(context: AudioContext, url: string): Promise<void> | undefined;
}

/**
 * For the audio session's first context: the early one (`early-start.ts`), if made and still
 * open; once. Either way the early start makes none after this.
 */
export function takeEarlyContext(): AudioContext | undefined {
  const p = early.pending;
  const context = p?.context;
  if (p) {
    p.context = undefined;
    p.claimed = true;
  }
  return context?.state === 'closed' ? undefined : context;
}

/** For the pitch service's first connect: the early microphone, engine and worklet; once. */
export function takeEarlyStart(): EarlyStart | undefined {
  const p = early.pending;
  const stream = p?.stream;
  if (!p || !stream) return undefined;
  p.stream = undefined;
  return {
    stream,
    engineUrl: p.engineUrl,
    engine: p.engine,
    workletFor(context, url) {
      const worklet = p.worklet;
      if (worklet?.context !== context || worklet.url !== url) return undefined;
      p.worklet = undefined;
      return worklet.added;
    },
  };
}

/** Tests only: forget the early start. */
export function resetEarlyStart(): void {
  early.pending = undefined;
}
