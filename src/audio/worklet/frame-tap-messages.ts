/**
 * Messages of the frame tap (`frame-tap.worklet.ts`): what the graph heard, in blocks stamped with
 * the audio-clock frame of their first sample, so a take's encoded audio can be placed on the
 * audio clock to the sample (`src/audio/recording/origin-aligner.ts`). No DOM or Web Audio types.
 */

export const FRAME_TAP_PROCESSOR_NAME = 'frame-tap';

export interface FrameTapOptions {
  /** Samples per block posted (a multiple of the 128-frame render quantum). */
  blockFrames: number;
  /** Stops by itself after this many samples. */
  maxFrames: number;
}

/** Worklet → main: `samples` heard from audio-clock frame `startFrame` (`currentFrame`) on. */
export interface FrameTapBlock {
  type: 'block';
  startFrame: number;
  samples: Float32Array;
}

/** Worklet → main: capture over (`maxFrames` reached or asked to stop); nothing follows. */
export interface FrameTapDone {
  type: 'done';
}

export type FromFrameTapMessage = FrameTapBlock | FrameTapDone;

/** Main → worklet: stop capturing (the block in progress is posted first). */
export interface FrameTapStop {
  type: 'stop';
}
