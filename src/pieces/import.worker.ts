/// <reference lib="webworker" />
/**
 * Reads a MusicXML file off the main thread: a 1000-measure part or a damaged 20 MB file takes
 * the worker's time, never the screen's. Every failure comes back as a reason in words.
 */
import { listScoreFileParts, parseScoreFile, ScoreReadError } from '../music';
import type { ImportAnswer, ImportRequest } from './import-messages';

export function readScoreFile(request: ImportRequest): ImportAnswer {
  try {
    if (request.partId === undefined) {
      const parts = listScoreFileParts(request.name, request.bytes);
      if (parts.length > 1) return { kind: 'parts', parts };
    }
    const score = parseScoreFile(request.name, request.bytes, { partId: request.partId });
    return { kind: 'score', score, partId: request.partId ?? null };
  } catch (error) {
    if (error instanceof ScoreReadError) return { kind: 'refused', reason: error.reason };
    return { kind: 'refused', reason: `This file could not be read (${String(error)}).` };
  }
}

// Only inside a worker (the unit test imports readScoreFile directly).
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.onmessage = (event: MessageEvent<ImportRequest>) => {
    self.postMessage(readScoreFile(event.data));
  };
}
