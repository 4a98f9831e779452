/** Checks for a take file's JSON (take-format.ts, take-piece.ts): each failure names the field. */

/** A refused file: `reason` names the first problem found. */
export class TakeFileError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid take file: ${reason}. Nothing was imported.`);
    this.name = 'TakeFileError';
  }
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function need<T>(ok: boolean, reason: string, value: T): T {
  if (!ok) throw new TakeFileError(reason);
  return value;
}

export function nonNegative(object: Json, key: string, where: string): number {
  const value = object[key];
  return need(finite(value) && value >= 0, `${where}.${key} must be a number ≥ 0`, value as number);
}

export function text(object: Json, key: string, where: string, maxLength: number): string {
  const value = object[key];
  return need(
    typeof value === 'string' && value.length > 0 && value.length <= maxLength,
    `${where}.${key} must be text of 1–${maxLength} characters`,
    value as string,
  );
}
