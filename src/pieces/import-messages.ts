/** Messages between the library and its import worker (`import.worker.ts`). */
import type { Score } from '../music';

export interface ImportRequest {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** The part to read; omitted: ask which when the file has several. */
  readonly partId?: string;
}

export type ImportAnswer =
  | { readonly kind: 'score'; readonly score: Score; readonly partId: string | null }
  | { readonly kind: 'parts'; readonly parts: readonly { id: string; name: string }[] }
  | { readonly kind: 'refused'; readonly reason: string };
