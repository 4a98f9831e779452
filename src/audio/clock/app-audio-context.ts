/**
 * The one place an AudioContext is constructed (issue 20; lint refuses any other). Only
 * two callers: the audio session (`../output/audio-session.ts`, the owner, on its first `acquire`)
 * and, on the web, the early start (`../stream/early-start.ts`), which hands its context to the
 * session on that first `acquire`. A file of its own so the early start, which is initial JS, does
 * not pull the session in; in clock/, below both, because both make the one context.
 */
export const createAppAudioContext = (): AudioContext =>
  new AudioContext({ latencyHint: 'interactive' });
