// Types of build/import-graph.js (plain JS: the lint rules load it without a build step).
export function resolveImport(fromFile: string, specifier: string): string | null;
export function runtimeSpecifiers(text: string, types?: boolean): string[];
export function importGraph(srcDir: string, types?: boolean): Map<string, string[]>;
export function pathBetween(
  graph: ReadonlyMap<string, readonly string[]>,
  start: string,
  goal: string,
): string[] | null;
