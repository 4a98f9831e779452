import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './static-server';

// The harness every browser test stands on: what a real host does, checked without a browser.
let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'embouchure-static-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'export {};');
  await writeFile(join(root, 'assets', 'engine.wasm'), new Uint8Array([0, 97, 115, 109]));
  await writeFile(join(tmpdir(), 'embouchure-outside.txt'), 'secret');
  server = await startStaticServer(root);
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(join(tmpdir(), 'embouchure-outside.txt'), { force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`);

describe('startStaticServer', () => {
  it('listens on 127.0.0.1 with an ephemeral port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves .js as text/javascript and .wasm as application/wasm', async () => {
    const js = await get('/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    const wasm = await get('/assets/engine.wasm');
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await wasm.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
  });

  it('answers client routes (deep links, reloads) with index.html', async () => {
    for (const path of ['/', '/home/tuner', '/anything/else']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<title>app</title>');
    }
  });

  it('a missing asset is a 404, not index.html parsed as code', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/assets/missing.wasm')).status).toBe(404);
  });

  it('never serves files outside its root', async () => {
    // An encoded slash survives URL parsing, then decodes to `/../embouchure-outside.txt`.
    const response = await get('/..%2fembouchure-outside.txt');
    expect(response.status).toBe(403);
  });

  it('refuses to start without index.html, saying to build first', async () => {
    await expect(startStaticServer(join(root, 'assets'))).rejects.toThrow(
      /run npm run build first/,
    );
  });
});
