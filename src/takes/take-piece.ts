/**
 * What a take recorded on a piece's practice screen remembers of the piece (issue 25), and its
 * check when a take file is imported. Pure (no DOM, no storage).
 */
import type { PlayedTempo } from '../music';
import { finite, isObject, need, nonNegative, text, type Json } from './take-json';

/** What a take of a piece remembers of it (issue 25): kept with the take, so it outlives the piece. */
export interface TakePiece {
  /** The piece's id in the pieces library (src/pieces), which may since have been deleted. */
  id: string;
  title: string;
  /** The passes judged while the take was recording, oldest first (the last TAKE_PIECE_ATTEMPTS). */
  attempts: TakePieceAttempt[];
}

export const TAKE_PIECE_ATTEMPTS = 20;
/** Verdicts kept per attempt (a long piece's first notes, in performance order). */
export const TAKE_PIECE_NOTES = 2000;
export const TAKE_VERDICTS = ['played', 'wrong', 'missed'] as const;

/** One judged pass: the assessor's scores, the one thing to fix, each note's verdict. */
export interface TakePieceAttempt {
  /** When it was judged, ms from the take's start. */
  atMs: number;
  /** 0..100, as the assessor's `scores`. */
  scores: { overall: number; pitch: number; timing: number; steadiness: number };
  fixFirst: string | null;
  /** The tempo played (issue 37, U7); absent from takes saved before it was kept. */
  playedTempo?: PlayedTempo;
  /** Index in the piece's performance order, bar as printed, written pitch (ASCII), verdict. */
  notes: {
    index: number;
    measure: string;
    written: string;
    verdict: (typeof TAKE_VERDICTS)[number];
  }[];
}

/** A take's piece from its JSON; throws a TakeFileError naming the first problem. */
export function takePieceFrom(value: unknown): TakePiece {
  const piece = need(isObject(value), 'take.piece must be an object', value as Json);
  const attempts = need(
    Array.isArray(piece.attempts) && piece.attempts.length <= TAKE_PIECE_ATTEMPTS,
    `take.piece.attempts must be a list of at most ${TAKE_PIECE_ATTEMPTS}`,
    piece.attempts as unknown[],
  );
  const score = (v: unknown): v is number => finite(v) && v >= 0 && v <= 100;
  return {
    id: text(piece, 'id', 'take.piece', 100),
    title: text(piece, 'title', 'take.piece', 200),
    attempts: attempts.map((raw, i) => {
      const where = `take.piece.attempts[${i}]`;
      const attempt = need(isObject(raw), `${where} must be an object`, raw as Json);
      const scores = need(
        isObject(attempt.scores),
        `${where}.scores is missing`,
        attempt.scores as Json,
      );
      need(
        ['overall', 'pitch', 'timing', 'steadiness'].every((k) => score(scores[k])),
        `${where}.scores must be overall, pitch, timing and steadiness, 0–100`,
        0,
      );
      const notes = need(
        Array.isArray(attempt.notes) && attempt.notes.length <= TAKE_PIECE_NOTES,
        `${where}.notes must be a list of at most ${TAKE_PIECE_NOTES}`,
        attempt.notes as unknown[],
      );
      return {
        atMs: nonNegative(attempt, 'atMs', where),
        scores: {
          overall: scores.overall as number,
          pitch: scores.pitch as number,
          timing: scores.timing as number,
          steadiness: scores.steadiness as number,
        },
        fixFirst:
          need(
            attempt.fixFirst === null || typeof attempt.fixFirst === 'string',
            `${where}.fixFirst must be text or null`,
            attempt.fixFirst as string | null,
          )?.slice(0, 300) ?? null,
        ...playedTempoFrom(attempt.playedTempo, `${where}.playedTempo`),
        notes: notes.map((note, j) => {
          const ok =
            isObject(note) &&
            Number.isInteger(note.index) &&
            (note.index as number) >= 0 &&
            typeof note.measure === 'string' &&
            typeof note.written === 'string' &&
            (TAKE_VERDICTS as readonly unknown[]).includes(note.verdict);
          need(ok, `${where}.notes[${j}] must have an index, measure, written and verdict`, 0);
          const n = note as Json;
          return {
            index: n.index as number,
            measure: (n.measure as string).slice(0, 20),
            written: (n.written as string).slice(0, 20),
            verdict: n.verdict as TakePieceAttempt['notes'][number]['verdict'],
          };
        }),
      };
    }),
  };
}

/** An attempt's tempo played, when the file has one (older takes have none). */
function playedTempoFrom(value: unknown, where: string): { playedTempo?: PlayedTempo } {
  if (value === undefined || value === null) return {};
  const tempo = need(isObject(value), `${where} must be an object`, value as Json);
  const qpm = (v: unknown): v is number => finite(v) && v > 0 && v <= 1000;
  need(
    ['qpm', 'startQpm', 'endQpm', 'markedQpm'].every((k) => qpm(tempo[k])) &&
      typeof tempo.drifting === 'boolean',
    `${where} must be qpm, startQpm, endQpm and markedQpm (bpm) and drifting`,
    0,
  );
  return {
    playedTempo: {
      qpm: tempo.qpm as number,
      startQpm: tempo.startQpm as number,
      endQpm: tempo.endQpm as number,
      markedQpm: tempo.markedQpm as number,
      drifting: tempo.drifting as boolean,
    },
  };
}
