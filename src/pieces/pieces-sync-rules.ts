/** Whether two versions of a piece hold the same music (its score), whatever else differs. */
export function contentsEqual(a: unknown, b: unknown): boolean {
  const scoreOf = (v: unknown): string =>
    JSON.stringify((v as { score?: unknown } | null)?.score ?? null);
  return scoreOf(a) === scoreOf(b);
}
