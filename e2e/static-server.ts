import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

/**
 * A tiny static server for the production build: what a real host does (correct MIME types, SPA
 * fallback), nothing more. Plain `node:http` so the e2e tests need no extra dependency.
 */
export interface StaticServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeTypeOf(filePath: string): string {
  return MIME_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The policy of the built index.html's CSP meta tag (see build/csp.ts), so the server sends the
 * very same policy as a header: what a production host should do too (README "Production").
 */
export function cspOfHtml(html: string): string | undefined {
  return /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
}

/** Headers for HTML documents: the microphone only for our own origin, and the CSP. */
export function documentHeaders(csp: string | undefined): Record<string, string> {
  return {
    'Permissions-Policy': 'microphone=(self)',
    ...(csp ? { 'Content-Security-Policy': csp } : {}),
  };
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves `rootDir` on 127.0.0.1 with an ephemeral port. Unknown paths without a file extension
 * (client-side routes such as `/home/tuner`) get `index.html`; unknown paths *with* an extension
 * (a missing `.js`/`.wasm`) get a real 404, so a broken asset fails loudly instead of parsing HTML.
 */
export async function startStaticServer(rootDir: string): Promise<StaticServer> {
  const root = resolve(rootDir);
  const indexHtml = join(root, 'index.html');
  if (!(await isFile(indexHtml))) {
    throw new Error(`${indexHtml} is missing: run npm run build first`);
  }
  const htmlHeaders = documentHeaders(cspOfHtml(await readFile(indexHtml, 'utf8')));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const candidate = normalize(join(root, pathname));
    if (candidate !== root && !candidate.startsWith(root + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let filePath: string;
    if (await isFile(candidate)) filePath = candidate;
    else if (await isFile(join(candidate, 'index.html'))) filePath = join(candidate, 'index.html');
    else if (extname(pathname) === '')
      filePath = indexHtml; // SPA fallback for client routes
    else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const { size } = await stat(filePath);
    res.writeHead(200, {
      'Content-Type': mimeTypeOf(filePath),
      'Content-Length': size,
      // Tests reload pages and rebuild between runs: never serve a stale file.
      'Cache-Control': 'no-store',
      ...(filePath.endsWith('.html') ? htmlHeaders : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(filePath).pipe(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
