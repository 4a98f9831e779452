import { describe, expect, it } from 'vitest';
import { startupPreloadPlugin } from './startup-preload';

interface Tag {
  tag: string;
  attrs: Record<string, string>;
  injectTo: string;
}
// The hook's full context type is Vite's; the plugin reads only `bundle`'s file names.
type Handler = (
  html: string,
  context: { bundle: Record<string, unknown> },
) => {
  html: string;
  tags: Tag[];
};
const handler = (startupPreloadPlugin().transformIndexHtml as unknown as { handler: Handler })
  .handler;

const built = {
  'assets/index-abc.js': {},
  'assets/pitch-engine-B_5bHLLi.wasm': {},
  'assets/accumulator.worklet-COVdN40D.js': {},
  'assets/TunerPage-x1.js': {},
};

describe('index.html fetches the engine and its worklet beside the entry script', () => {
  it('preloads the .wasm as a CORS fetch and the worklet as a CORS script, in <head>', () => {
    const { html, tags } = handler('<html></html>', { bundle: built });
    expect(html).toBe('<html></html>');
    expect(tags).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: '/assets/pitch-engine-B_5bHLLi.wasm',
          as: 'fetch',
          type: 'application/wasm',
          crossorigin: '',
        },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: '/assets/accumulator.worklet-COVdN40D.js',
          as: 'script',
          crossorigin: '',
        },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the engine or the worklet is missing or ambiguous', () => {
    const { 'assets/pitch-engine-B_5bHLLi.wasm': _wasm, ...noWasm } = built;
    expect(() => handler('', { bundle: noWasm })).toThrow(
      'startup-preload: expected one pitch engine .wasm in the build, found 0',
    );
    expect(() =>
      handler('', { bundle: { ...built, 'assets/accumulator.worklet-Other1.js': {} } }),
    ).toThrow('startup-preload: expected one accumulator worklet in the build, found 2');
  });
});
