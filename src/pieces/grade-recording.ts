/**
 * Grades a recording of a piece (a student's submission, a take): decoded here (the browser's
 * decoders: WAV, M4A, WebM, Ogg), judged in a worker by the same pipeline as `npm run assess`.
 * Resolves to the verdicts or the reason; never rejects.
 */
import { decodeSegment, MAX_DECODE_MS } from '../audio/recording/decode-audio';
import type { AssessOptions, Score } from '../music';
import type { GradeAnswer } from './grade-messages';

const AUDIO_FILE = /\.(wav|m4a|mp4|aac|webm|ogg|opus|mp3|flac)$/i;

export async function gradeRecording(
  file: Blob & { name: string },
  score: Score,
  options: AssessOptions,
): Promise<GradeAnswer> {
  if (!AUDIO_FILE.test(file.name) && !file.type.startsWith('audio/')) {
    return {
      kind: 'failed',
      reason: `"${file.name}" is not a recording: choose a WAV, M4A or WebM file.`,
    };
  }
  let decoded: { samples: Float32Array; sampleRate: number };
  try {
    decoded = await decodeSegment(file, 0, 0, MAX_DECODE_MS);
  } catch (error) {
    return {
      kind: 'failed',
      reason: `"${file.name}" could not be decoded as audio (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  if (decoded.samples.length < decoded.sampleRate / 4) {
    return { kind: 'failed', reason: `"${file.name}" is shorter than a quarter of a second.` };
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./grade.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<GradeAnswer>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ kind: 'failed', reason: `Grading failed (${event.message}).` });
    };
    worker.postMessage(
      {
        score,
        samples: decoded.samples,
        sampleRate: decoded.sampleRate,
        response: 'fast',
        options,
      },
      [decoded.samples.buffer],
    );
  });
}
