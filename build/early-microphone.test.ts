import { describe, expect, it } from 'vitest';
import { earlyMicrophonePlugin } from './early-microphone';

interface Emitted {
  type: string;
  fileName: string;
  source: string;
}
// The hooks' full context types are Vite's; the plugin uses `emitFile` only.
type GenerateBundle = (this: { emitFile(file: Emitted): string }) => Promise<void>;
type IndexHtml = {
  handler: () => { tag: string; attrs: Record<string, unknown>; injectTo: string }[];
};

async function builtBy(plugin = earlyMicrophonePlugin()) {
  const emitted: Emitted[] = [];
  await (plugin.generateBundle as unknown as GenerateBundle).call({
    emitFile: (file) => {
      emitted.push(file);
      return file.fileName;
    },
  });
  const tags = (plugin.transformIndexHtml as unknown as IndexHtml).handler();
  return { emitted, tags };
}

describe("the page's first script", () => {
  it('is one self-contained classic script, asking for the microphone with the app constraints', async () => {
    const { emitted } = await builtBy();
    expect(emitted).toHaveLength(1);
    const [script] = emitted;
    expect(script.fileName).toMatch(/^assets\/early-microphone-[\w-]{8}\.js$/);
    // A classic script: no module syntax, nothing to fetch before it runs.
    expect(script.source).not.toMatch(/\bimport\b|\bexport\b/);
    expect(script.source).toContain('getUserMedia');
    expect(script.source).toContain('echoCancellation:!1');
    expect(script.source).toContain('__embouchureEarlyMicrophone');
    // The same test of the platform as src/native/platform.ts: web only.
    expect(script.source).toContain('androidBridge');
  });

  it('is loaded by index.html async and early, from the file just built', async () => {
    const { emitted, tags } = await builtBy();
    expect(tags).toEqual([
      {
        tag: 'script',
        attrs: { src: `/${emitted[0].fileName}`, async: true, fetchpriority: 'high' },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when index.html asks for it before it was built', () => {
    const html = earlyMicrophonePlugin().transformIndexHtml as unknown as IndexHtml;
    expect(() => html.handler()).toThrow('early-microphone: the script was not built');
  });
});
