/**
 * A small W3C WebDriver (classic, HTTP JSON) client: just what the engine tests use of
 * WebKitWebDriver. Errors carry WebDriver's own `error` and `message`.
 */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`WebDriver ${code}: ${message}`);
    this.name = 'WebDriverError';
  }
}

export interface WebDriverSession {
  readonly id: string;
  readonly capabilities: Record<string, unknown>;
  /** A command of this session, e.g. `command('POST', '/url', { url })`. */
  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
  delete(): Promise<void>;
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError('invalid response', `${response.status} ${text.slice(0, 200)}`);
  }
  const value = parsed.value as { error?: string; message?: string } | undefined;
  if (!response.ok || (value && typeof value === 'object' && typeof value.error === 'string')) {
    throw new WebDriverError(value?.error ?? String(response.status), value?.message ?? text);
  }
  return parsed.value as T;
}

/** Opens a session on the driver at `baseUrl` (e.g. `http://127.0.0.1:4444`). */
export async function newSession(
  baseUrl: string,
  capabilities: Record<string, unknown>,
  commandTimeoutMs: number,
): Promise<WebDriverSession> {
  const created = await call<{ sessionId: string; capabilities: Record<string, unknown> }>(
    baseUrl,
    'POST',
    '/session',
    { capabilities: { alwaysMatch: capabilities } },
    commandTimeoutMs,
  );
  const prefix = `/session/${created.sessionId}`;
  return {
    id: created.sessionId,
    capabilities: created.capabilities,
    command: (method, path, body) =>
      call(baseUrl, method, `${prefix}${path}`, body, commandTimeoutMs),
    async delete() {
      await call(baseUrl, 'DELETE', prefix, undefined, commandTimeoutMs);
    },
  };
}

/** What a WebDriver element reference looks like on the wire. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecb';
