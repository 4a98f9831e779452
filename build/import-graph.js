// The import graph of src/, read from the files on disk: which file imports which, at run time.
// Used by the lint rules of build/eslint-layering.js (cycles) and by build/layering.test.ts (the
// layering table must list only the edges the code uses). A regex scan, not a parser: it sees the
// same import forms the code base uses (static, dynamic, re-exports, side-effect imports).
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
// `import type …` / `export type …` are erased by TypeScript: they cannot make a run-time cycle.
const STATIC =
  /(?:^|[\s;])(import|export)\s+(type\s+)?((?:[\w*$\s,]*?(?:\{[^}]*\})?[\w*$\s,]*?)\s*from\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names (extension and index resolved), or null. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Specifiers a source text imports at run time (type-only imports left out unless `types`). */
export function runtimeSpecifiers(text, types = false) {
  const found = [];
  for (const match of text.matchAll(STATIC)) {
    if (types) {
      found.push(match[4]);
      continue;
    }
    if (match[2]) continue; // import type / export type
    const clause = match[3] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/from\s*$/, '')
      .replace(/[\s,]/g, '');
    if (braces && !outside) {
      const names = braces[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    }
    found.push(match[4]);
  }
  for (const match of text.matchAll(DYNAMIC)) found.push(match[1]);
  return found;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * file → the files it imports at run time, for every source file under `srcDir` (with `types`,
 * type-only imports too).
 */
export function importGraph(srcDir, types = false) {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = runtimeSpecifiers(text, types)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** A path of imports from `start` back to `goal` (both included), or null if there is none. */
export function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const route = [];
      for (let at = file; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(file) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}
