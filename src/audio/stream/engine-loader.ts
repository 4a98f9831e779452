import { serviceError } from './errors';

/**
 * Fetches and compiles the pitch engine on the main thread (a worklet cannot fetch): same-origin,
 * with credentials, from the URL Vite emitted beside the scripts. Streaming compilation needs the
 * `application/wasm` MIME type; a server that sends another type gets the buffered fallback.
 * Every failure (HTTP error, network, corrupt bytes) becomes an 'engine' PitchServiceError.
 *
 * The compiled module is cached, so reconnecting does not refetch; a failure is not cached, so
 * Retry really retries.
 */
const cache = new Map<string, Promise<WebAssembly.Module>>();

export function compileEngine(
  url: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<WebAssembly.Module> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchAndCompile(url, fetchImpl);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/**
 * Takes a compilation started elsewhere (the entry's early start, `early-start.ts`) as the
 * cached one for `url`, unless one is cached already; if it failed, the usual fetch and compile
 * run instead, with their errors.
 */
export function adoptEngine(
  url: string,
  compiled: Promise<WebAssembly.Module>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): void {
  if (cache.has(url)) return;
  const pending = compiled.catch(() => fetchAndCompile(url, fetchImpl));
  cache.set(url, pending);
  pending.catch(() => cache.delete(url));
}

async function fetchAndCompile(url: string, fetchImpl: typeof fetch): Promise<WebAssembly.Module> {
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'same-origin' });
  } catch (error) {
    throw serviceError('engine', `fetch ${url}: ${String(error)}`);
  }
  if (!response.ok) throw serviceError('engine', `fetch ${url}: HTTP ${response.status}`);
  const isWasmType = (response.headers.get('content-type') ?? '').startsWith('application/wasm');
  try {
    if (isWasmType && typeof WebAssembly.compileStreaming === 'function') {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    throw serviceError('engine', `compile ${url}: ${String(error)}`);
  }
}
