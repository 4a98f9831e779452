import type { Plugin, Rollup } from 'vite';

/**
 * The pitch engine and its AudioWorklet are needed on every screen right at start-up (the shell
 * connects the pitch service at once, src/shell/startup.ts), but the code that fetches them runs
 * only after the entry, then the pitch service's chunk, have loaded and run: two round trips and
 * the entry's evaluation late. On a slow phone that was ~0.5–1 s of the time to the first pitch
 * (issue 23 row 16, docs/benchmarks.md). `index.html` now asks for both files at once, in
 * parallel with the entry script:
 *
 * - the `.wasm` as `<link rel="preload" as="fetch" crossorigin>`: the engine loader's
 *   `fetch(url, { credentials: 'same-origin' })` (a CORS-mode request with same-origin
 *   credentials, which `crossorigin` means) takes the preloaded response, and
 *   `WebAssembly.compileStreaming` compiles it as it is;
 * - the worklet as `<link rel="preload" as="script" crossorigin>`: `audioWorklet.addModule`
 *   fetches with the same mode and credentials; it is served from the HTTP cache (hashed assets
 *   are cached, docs/production.md "Hosting").
 *
 * - the pitch service's chunk and the chunks it imports that the entry does not, each as
 *   `<link rel="preload" as="script" crossorigin>` (a module script's fetch: CORS, same-origin
 *   credentials): the entry's `import()` of the service finds them fetched. Asked for only by that
 *   `import()`, they arrived in the second wave, beside the tuner page's chunks, and the service
 *   connected only after the tuner page had been drawn; now it is there when the shell is drawn,
 *   and the microphone's first 4096 samples gather while the tuner page renders.
 *
 * None runs anything: a preload only fetches. Not modulepreloads, so not initial JS.
 */
export function startupPreloadPlugin(
  matches: { wasm: RegExp; worklet: RegExp; service: RegExp } = {
    wasm: /^assets\/pitch-engine-[\w-]+\.wasm$/,
    worklet: /^assets\/accumulator\.worklet-[\w-]+\.js$/,
    service: /^assets\/live-pitch-service-[\w-]+\.js$/,
  },
): Plugin {
  return {
    name: 'embouchure-startup-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = Object.keys(context.bundle ?? {});
        const find = (pattern: RegExp, what: string): string => {
          const found = files.filter((file) => pattern.test(file));
          if (found.length !== 1) {
            throw new Error(
              `startup-preload: expected one ${what} in the build, found ${found.length}`,
            );
          }
          return `/${found[0]}`;
        };
        const wasm = find(matches.wasm, 'pitch engine .wasm');
        const worklet = find(matches.worklet, 'accumulator worklet');
        const service = find(matches.service, "pitch service's chunk").slice(1);
        const preload = (href: string, as: string, type?: string) => ({
          tag: 'link',
          attrs: { rel: 'preload', href, as, ...(type ? { type } : {}), crossorigin: '' },
          injectTo: 'head' as const,
        });
        return {
          html,
          tags: [
            preload(wasm, 'fetch', 'application/wasm'),
            preload(worklet, 'script'),
            ...notYetLoaded(context.bundle ?? {}, service).map((file) =>
              preload(`/${file}`, 'script'),
            ),
          ],
        };
      },
    },
  };
}

/**
 * `file` and the chunks it imports statically, transitively, less those the entry chunks import
 * (index.html loads or modulepreloads those already), in import order.
 */
export function notYetLoaded(bundle: Rollup.OutputBundle, file: string): string[] {
  const imports = (name: string): readonly string[] => {
    const chunk = bundle[name];
    return chunk?.type === 'chunk' ? chunk.imports : [];
  };
  const closure = (roots: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      imports(name).forEach(visit);
    };
    roots.forEach(visit);
    return [...seen];
  };
  const entries = Object.entries(bundle).flatMap(([name, output]) =>
    output.type === 'chunk' && output.isEntry ? [name] : [],
  );
  const loaded = new Set(closure(entries));
  return closure([file]).filter((name) => !loaded.has(name));
}
