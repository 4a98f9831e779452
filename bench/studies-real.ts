/**
 * Each bundled study (src/pieces/studies) played by the corpus' real trumpet notes (stitched and
 * re-pitched by performance-render.ts, as `npm run bench:assess` does) and judged through the
 * app's real pipeline (engine, worklet, stream, follower, assessor: cli/assess-pipeline.ts).
 * A clean rendering should give no wrong and no missed note; prints any that do.
 *   npm run build:engine && node bench/studies-real.mjs [study ids…]   (SEED=n varies the jitter)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assessRecording } from '../cli/assess-pipeline';
import { parseScoreFile } from '../src/music/score/mxl';
import { STUDIES } from '../src/pieces/studies/catalogue';
import { studyFileName } from '../src/pieces/studies/study-files';
import { perform } from './assess-scenarios';
import { renderPerformance, RENDER_RATE } from './performance-render';

const audioDir = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');

export function main(only: readonly string[], seed: number): void {
  let clean = 0;
  let run = 0;
  for (const study of STUDIES) {
    if (only.length > 0 && !only.includes(study.id)) continue;
    const name = studyFileName(study);
    const bytes = readFileSync(resolve(import.meta.dirname, '..', 'public', 'studies', name));
    const score = parseScoreFile(name, bytes);
    const samples = renderPerformance(audioDir, perform(score, {}, seed));
    const { assessment } = assessRecording(score, samples, RENDER_RATE, {
      timing: { kind: 'free' },
    });
    const faults = assessment.notes
      .map((n, i) => (n.verdict === 'played' ? '' : `${String(i)} ${n.verdict} ${n.written}`))
      .filter((fault) => fault !== '');
    run++;
    if (faults.length === 0) clean++;
    console.log(
      `${study.id.padEnd(40)} ${String(score.notes.length).padStart(3)} notes  overall ${assessment.scores.overall.toFixed(0).padStart(3)}  ${faults.join(', ')}`,
    );
  }
  console.log(
    `seed ${String(seed)}: ${String(clean)} of ${String(run)} studies with no wrong or missed note`,
  );
}
