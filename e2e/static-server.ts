import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** Text-like types a production host compresses (fonts, images and audio are compressed already). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.wasm',
  '.svg',
  '.map',
  '.txt',
  '.musicxml',
]);

export interface StaticServerOptions {
  /**
   * Serve as a production host does (docs/production.md "Hosting"), so a benchmark sees what a
   * phone gets (bench/startup.bench.ts): text-like files gzip-compressed (level 9) when the
   * browser accepts it, hashed `assets/*` cacheable for a year, everything else `no-cache`. Off
   * by default: the browser tests rebuild between runs and must never see a stale file.
   */
  production?: boolean;
  /**
   * Serve HTTP/2 over TLS with this key and certificate (HTTP/1.1 still answered), as production
   * hosts do: a browser then fetches all of a page's files at once instead of six at a time.
   */
  tls?: { key: string; cert: string };
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
export async function startStaticServer(
  rootDir: string,
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  const root = resolve(rootDir);
  const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();
  async function gzippedFile(filePath: string, mtimeMs: number): Promise<Buffer> {
    const cached = gzipped.get(filePath);
    if (cached?.mtimeMs === mtimeMs) return cached.body;
    const body = gzipSync(await readFile(filePath), { level: 9 });
    gzipped.set(filePath, { mtimeMs, body });
    return body;
  }
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
    const { size, mtimeMs } = await stat(filePath);
    const compress =
      options.production === true &&
      COMPRESSIBLE.has(extname(filePath).toLowerCase()) &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = compress ? await gzippedFile(filePath, mtimeMs) : undefined;
    res.writeHead(200, {
      'Content-Type': mimeTypeOf(filePath),
      'Content-Length': body ? body.length : size,
      ...(body ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      // Tests reload pages and rebuild between runs: never serve a stale file.
      'Cache-Control': !options.production
        ? 'no-store'
        : filePath.startsWith(join(root, 'assets') + sep)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      ...(filePath.endsWith('.html') ? htmlHeaders : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (body) res.end(body);
    else createReadStream(filePath).pipe(res);
  }

  const onRequest = (
    request: IncomingMessage | Http2ServerRequest,
    response: ServerResponse | Http2ServerResponse,
  ): void => {
    // HTTP/2's compatibility API has the methods and fields `handle` uses (writeHead, end, pipe).
    const req = request as IncomingMessage;
    const res = response as ServerResponse;
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  };
  const server = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, onRequest)
    : createServer(onRequest);
  const sessions = new Set<{ destroy(): void }>();
  server.on('session', (session: { destroy(): void; once(e: 'close', f: () => void): void }) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
