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

/** A chunk as the bundle describes it: the plugin reads its static imports and entry flag. */
const chunk = (imports: string[], isEntry = false) => ({ type: 'chunk', imports, isEntry });
const built = {
  'assets/index-abc.js': chunk(['assets/observable-o1.js', 'assets/react-r1.js'], true),
  'assets/observable-o1.js': chunk([]),
  'assets/react-r1.js': chunk([]),
  'assets/pitch-engine-B_5bHLLi.wasm': { type: 'asset' },
  'assets/accumulator.worklet-COVdN40D.js': { type: 'asset' },
  'assets/TunerPage-x1.js': chunk(['assets/index-abc.js', 'assets/react-r1.js']),
  // The service imports the entry and a chunk of its own (and, through it, the entry's again).
  'assets/live-pitch-service-s1.js': chunk([
    'assets/index-abc.js',
    'assets/audio-session-a1.js',
    'assets/observable-o1.js',
  ]),
  'assets/audio-session-a1.js': chunk(['assets/observable-o1.js']),
};

describe('index.html fetches the engine, its worklet and the pitch service beside the entry', () => {
  it('preloads the .wasm as a CORS fetch, the worklet and the service as CORS scripts, in <head>', () => {
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
      // Only what the entry does not load already: not the entry, not observable.
      ...['/assets/live-pitch-service-s1.js', '/assets/audio-session-a1.js'].map((href) => ({
        tag: 'link',
        attrs: { rel: 'preload', href, as: 'script', crossorigin: '' },
        injectTo: 'head',
      })),
    ]);
  });

  it('fails the build when the engine, the worklet or the service is missing or ambiguous', () => {
    const { 'assets/pitch-engine-B_5bHLLi.wasm': _wasm, ...noWasm } = built;
    expect(() => handler('', { bundle: noWasm })).toThrow(
      'startup-preload: expected one pitch engine .wasm in the build, found 0',
    );
    expect(() =>
      handler('', { bundle: { ...built, 'assets/accumulator.worklet-Other1.js': {} } }),
    ).toThrow('startup-preload: expected one accumulator worklet in the build, found 2');
    const { 'assets/live-pitch-service-s1.js': _service, ...noService } = built;
    expect(() => handler('', { bundle: noService })).toThrow(
      "startup-preload: expected one pitch service's chunk in the build, found 0",
    );
  });
});
