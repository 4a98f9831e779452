import { createHash } from 'node:crypto';
import { build } from 'rolldown'; // Vite's own bundler (a dependency of vite, same version)
import type { Plugin } from 'vite';

/**
 * The page's first script (`src/early-microphone.ts`, issue 23 row 16): bundled on its own as a
 * classic script (its few lines of platform test and constraints copied in, so it shares no
 * chunk with the entry and needs nothing else to run), emitted as
 * `assets/early-microphone-<hash>.js`, and loaded by index.html's `<head>` (after the CSP, which
 * then applies to it) `async` (it runs as soon as it arrives, before the entry) with a high fetch
 * priority (an async script is fetched at low priority otherwise, behind the entry's modules).
 */
export function earlyMicrophonePlugin(entry = 'src/early-microphone.ts'): Plugin {
  let fileName: string | undefined;
  return {
    name: 'embouchure-early-microphone',
    apply: 'build',
    async generateBundle() {
      const { output } = await build({
        input: entry,
        write: false,
        output: { format: 'iife', minify: true },
      });
      const code = output[0].code;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      fileName = `assets/early-microphone-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!fileName) throw new Error('early-microphone: the script was not built');
        return [
          {
            tag: 'script',
            attrs: { src: `/${fileName}`, async: true, fetchpriority: 'high' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
