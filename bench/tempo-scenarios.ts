/**
 * Tempo and timing that follow music (issue 37, U7, U10): bundled studies rendered from the
 * corpus's trumpet notes at a tempo that drifts, at another tempo, with rubato and breaths, and a
 * dotted rhythm played even, each with what a teacher expects said. For `npm run bench:assess`
 * and the CLI's rendered tests. Deterministic (the plan's seeded jitter).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseScoreFile } from '../src/music/score/mxl';
import { scoreForInstrument } from '../src/music/score/score-transpose';
import type { Score } from '../src/music/score/score-model';
import { perform } from './assess-scenarios';
import type { PlayedNote } from './performance-render';

const studies = resolve(import.meta.dirname, '..', 'public', 'studies');

/** A bundled study as the B♭ trumpet reads it. */
export function study(name: string): Score {
  const bytes = readFileSync(resolve(studies, `${name}.musicxml`));
  return scoreForInstrument(parseScoreFile(`${name}.musicxml`, bytes, {}), 'bb-trumpet');
}

/** Tempo moving linearly in written time from ×1 to ×`to` over `totalMs`: played ms for written. */
export function ramp(totalMs: number, to: number): (ms: number) => number {
  const k = (to - 1) / totalMs;
  return (ms) => Math.log(1 + k * ms) / k;
}

/** A smooth ±`depth` tempo swell with a period of `periodMs` written: played ms for written. */
export function swell(depth: number, periodMs: number): (ms: number) => number {
  return (ms) => {
    let t = 0;
    for (let w = 0; w < ms; w += 5) {
      const step = Math.min(5, ms - w);
      t += step / (1 + depth * Math.sin((2 * Math.PI * (w + step / 2)) / periodMs));
    }
    return t;
  };
}

export interface TempoScenario {
  readonly name: string;
  readonly score: Score;
  readonly played: readonly PlayedNote[];
  /** The tempo truly played at the start and the end, qpm (a steady take: both the same). */
  readonly startQpm: number;
  readonly endQpm: number;
  /** Judged against a given tempo, else free. */
  readonly givenQpm?: number;
}

export function tempoScenarios(): TempoScenario[] {
  const march = study('yankee-doodle');
  const qpm = march.tempos[0]?.value ?? 120;
  const lastMs = march.notes[march.notes.length - 1]?.startMs ?? 0;
  const out: TempoScenario[] = [];
  for (const givenQpm of [undefined, qpm]) {
    const given = givenQpm ? `, --tempo ${givenQpm}` : '';
    out.push(
      {
        name: `Yankee Doodle, accelerando ${qpm}→133${given}`,
        score: march,
        played: perform(march, { time: ramp(lastMs, 133 / qpm) }),
        startQpm: qpm,
        endQpm: 133,
        givenQpm,
      },
      {
        name: `Yankee Doodle, ritardando ${qpm}→108${given}`,
        score: march,
        played: perform(march, { time: ramp(lastMs, 108 / qpm) }),
        startQpm: qpm,
        endQpm: 108,
        givenQpm,
      },
      {
        name: `Yankee Doodle at 80 % (♩=${0.8 * qpm})${given}`,
        score: march,
        played: perform(march, { time: (ms) => ms / 0.8 }),
        startQpm: 0.8 * qpm,
        endQpm: 0.8 * qpm,
        givenQpm,
      },
    );
  }
  return out;
}

export interface RubatoScenario {
  readonly name: string;
  readonly score: Score;
  readonly played: readonly PlayedNote[];
}

/** Slow melodies with a smooth ±10 % swell every 3 or 4 bars, and with a breath every 4 bars. */
export function rubatoScenarios(): RubatoScenario[] {
  const out: RubatoScenario[] = [];
  for (const name of ['amazing-grace', 'largo-new-world', 'silent-night']) {
    const score = study(name);
    const barMs =
      (score.measures[1]?.durationQuarters ?? 4) * (60000 / (score.tempos[0]?.value ?? 80));
    for (const bars of [3, 4]) {
      out.push({
        name: `${score.title}, ±10 % swell every ${bars} bars`,
        score,
        played: perform(score, { time: swell(0.1, bars * barMs) }),
      });
    }
    // Breathing: 300 ms taken at the end of every 4 bars, and a gentler swell.
    const phraseMs = 4 * barMs;
    const gentle = swell(0.06, phraseMs);
    out.push({
      name: `${score.title}, a breath every 4 bars`,
      score,
      played: perform(score, {
        time: (ms) => gentle(ms) + 300 * Math.floor((ms + 1) / phraseMs),
      }),
    });
  }
  return out;
}

/** Arban's dotted-eighth study with every dotted pair played as two even eighths. */
export function dottedEven(): { score: Score; played: PlayedNote[] } {
  const score = study('arban-dotted-eighths');
  const beatMs = 60000 / (score.tempos[0]?.value ?? 80);
  const played = perform(score, {
    edit: (note, i) => {
      const written = score.notes[i];
      const short = Math.abs((written?.durationQuarters ?? 0) - 0.25) < 1e-6;
      const dotted = Math.abs((written?.durationQuarters ?? 0) - 0.75) < 1e-6;
      if (!short && !dotted) return note;
      return {
        ...note,
        onsetMs: note.onsetMs - (short ? 0.25 * beatMs : 0),
        durationMs: 0.45 * beatMs,
      };
    },
  });
  return { score, played };
}
