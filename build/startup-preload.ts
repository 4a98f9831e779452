import type { Plugin } from 'vite';

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
 * Neither runs anything: a preload only fetches. Not modulepreloads, so not initial JS.
 */
export function startupPreloadPlugin(
  matches: { wasm: RegExp; worklet: RegExp } = {
    wasm: /^assets\/pitch-engine-[\w-]+\.wasm$/,
    worklet: /^assets\/accumulator\.worklet-[\w-]+\.js$/,
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
        const preload = (href: string, as: string, type?: string) => ({
          tag: 'link',
          attrs: { rel: 'preload', href, as, ...(type ? { type } : {}), crossorigin: '' },
          injectTo: 'head' as const,
        });
        return {
          html,
          tags: [preload(wasm, 'fetch', 'application/wasm'), preload(worklet, 'script')],
        };
      },
    },
  };
}
