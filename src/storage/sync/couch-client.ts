/* eslint-disable max-lines -- Over 300 lines: one client of CouchDB's HTTP API, each failure mapped to an AccountError kind. */
/**
 * The account's server over HTTP: CouchDB's own API (also what the embedded server speaks), with
 * the session cookie (`credentials: 'include'`; the password is sent to sign in and never kept).
 * Every failure becomes an `AccountError` whose kind the account screen and the status line say
 * in words (account-messages.ts).
 */
import { base64Of } from '../../lib/base64';
import { userDbName, type SyncDoc } from './sync-doc';
import type { BulkResult, RemoteChange, RemoteDb } from './sync-engine';

export type AccountErrorKind =
  /** No answer (offline, the server down or the address wrong). */
  | 'unreachable'
  | 'wrong-password'
  | 'name-taken'
  /** The session ended (expired, or signed out on the server): sign in again. */
  | 'signed-out'
  /** The input is not acceptable (checked here before anything is sent). */
  | 'invalid'
  /** The server answered with something else (its reason is kept). */
  | 'server';

export class AccountError extends Error {
  constructor(
    readonly kind: AccountErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** Names as CouchDB takes them, kept simple so a name reads the same everywhere. */
export const NAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,63}$/;
export const MIN_PASSWORD_CHARS = 8;

export function checkName(name: string): string | null {
  if (!NAME_PATTERN.test(name)) {
    return 'A name is 2 to 64 characters: lower-case letters, digits and . _ @ - (starting with a letter or digit).';
  }
  return null;
}

export function checkPassword(password: string): string | null {
  return password.length < MIN_PASSWORD_CHARS
    ? `A password is at least ${MIN_PASSWORD_CHARS} characters.`
    : null;
}

export { userDbName };

type Fetch = typeof fetch;

export interface CouchClient {
  readonly serverUrl: string;
  signUp(name: string, password: string): Promise<void>;
  signIn(name: string, password: string): Promise<void>;
  /** The signed-in user's name, or null when the cookie is missing or expired. */
  session(): Promise<string | null>;
  signOut(): Promise<void>;
  /** Deletes the user (and, on the server, their database); the password is asked again. */
  deleteAccount(name: string, password: string): Promise<void>;
  /** Resolves once the user's database exists (the server makes it just after sign-up). */
  waitForUserDb(name: string, timeoutMs: number): Promise<void>;
  userDb(name: string): LiveRemoteDb;
}

/** What the server said to a document sent with its files: kept, or refused with its reason. */
export type FilePutResult = { readonly ok: true } | { readonly refused: string };

/**
 * Documents with files (a take's audio and trace), outside the engine's documents: written whole
 * with their files in one request, read file by file.
 */
export interface FileRemote extends Pick<RemoteDb, 'get'> {
  /** Writes `doc` with `files` as its attachments, replacing a version there; refusals returned. */
  putWithFiles(doc: SyncDoc, files: Readonly<Record<string, Blob>>): Promise<FilePutResult>;
  /** One attachment of a document, or null when the document or the file is not there. */
  file(id: string, name: string): Promise<Blob | null>;
  /** Deletes a document (one already gone is fine). */
  remove(id: string): Promise<void>;
  /** The ids of the documents whose ids start with `prefix`. */
  ids(prefix: string): Promise<string[]>;
}

export interface LiveRemoteDb extends RemoteDb, FileRemote {
  /**
   * Waits (long poll, up to `timeoutMs`) until the database changes after `since`; resolves true
   * when it did, false at the timeout. Aborting resolves false.
   */
  waitForChange(since: string, timeoutMs: number, signal: AbortSignal): Promise<boolean>;
  /** The last sequence now (a new device starts its long polls from here after its first pull). */
  lastSeq(): Promise<string>;
}

interface CouchErrorBody {
  error?: string;
  reason?: string;
}

export function createCouchClient(serverUrl: string, fetchImpl: Fetch = fetch): CouchClient {
  const base = serverUrl.replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetchImpl(base + path, {
        credentials: 'include',
        ...init,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new AccountError(
        'unreachable',
        `The sync server at ${base} does not answer: you may be offline, or the server is down.`,
      );
    }
  };
  const body = async (response: Response): Promise<CouchErrorBody> => {
    try {
      return (await response.json()) as CouchErrorBody;
    } catch {
      return {};
    }
  };
  const failure = async (response: Response, what: string): Promise<AccountError> => {
    const { error, reason } = await body(response);
    if (response.status === 401) {
      return new AccountError('signed-out', 'Your session has ended: sign in again to sync.');
    }
    return new AccountError(
      'server',
      `${what}: the server said ${response.status}${reason ? ` (${reason})` : error ? ` (${error})` : ''}.`,
    );
  };
  const json = async <T>(path: string, init: RequestInit, what: string): Promise<T> => {
    const response = await call(path, init);
    if (!response.ok) throw await failure(response, what);
    return (await response.json()) as T;
  };
  const userDoc = (name: string): string => '/_users/org.couchdb.user:' + encodeURIComponent(name);

  /** A document's current revision (its JSON, attachments as stubs), or null when there is none. */
  const revOf = async (path: string): Promise<string | null> => {
    const response = await call(path);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure(response, 'Reading a document');
    return ((await response.json()) as { _rev?: string })._rev ?? null;
  };

  const userDb = (name: string): LiveRemoteDb => {
    const db = '/' + userDbName(name);
    return {
      async changes(since, limit, withDocs = true) {
        const query = `?${withDocs ? 'include_docs=true&' : ''}limit=${limit}&since=${encodeURIComponent(since)}`;
        const answer = await json<{
          results: {
            id: string;
            seq: string | number;
            deleted?: boolean;
            changes?: { rev: string }[];
            doc?: SyncDoc;
          }[];
          last_seq: string | number;
        }>(db + '/_changes' + query, {}, 'Reading changes');
        return {
          results: answer.results
            .filter((r) => !r.id.startsWith('_design/'))
            .map((r): RemoteChange => ({
              id: r.id,
              seq: String(r.seq),
              deleted: r.deleted,
              rev: r.changes?.[0]?.rev,
              doc: r.doc ?? undefined,
            })),
          lastSeq: String(answer.last_seq),
          // Counted before design documents are left out: a full page means there may be more.
          more: answer.results.length >= limit,
        };
      },
      async bulkDocs(docs) {
        const results = await json<
          ({ id: string; rev: string; ok?: true } | { id: string; error: string; reason: string })[]
        >(
          db + '/_bulk_docs',
          { method: 'POST', body: JSON.stringify({ docs }) },
          'Sending changes',
        );
        return results.map((r): BulkResult =>
          'error' in r
            ? { id: r.id, error: r.error, reason: r.reason }
            : { id: r.id, rev: r.rev, ok: true },
        );
      },
      async get(ids) {
        if (ids.length === 0) return [];
        const answer = await json<{ rows: { id?: string; doc?: SyncDoc | null }[] }>(
          db + '/_all_docs?include_docs=true',
          { method: 'POST', body: JSON.stringify({ keys: ids }) },
          'Reading documents',
        );
        return answer.rows.flatMap((row) => (row.doc ? [row.doc] : []));
      },
      async waitForChange(since, timeoutMs, signal) {
        const query = `?feed=longpoll&limit=1&timeout=${Math.round(timeoutMs)}&since=${encodeURIComponent(since)}`;
        try {
          const answer = await json<{ results: unknown[] }>(
            db + '/_changes' + query,
            { signal },
            'Waiting for changes',
          );
          return answer.results.length > 0;
        } catch (error) {
          if (signal.aborted) return false;
          throw error;
        }
      },
      async lastSeq() {
        const info = await json<{ update_seq: string | number }>(db, {}, 'Reading the database');
        return String(info.update_seq);
      },
      async putWithFiles(doc, files) {
        const path = db + '/' + encodeURIComponent(doc._id);
        const _attachments: Record<string, { content_type: string; data: string }> = {};
        for (const [name, blob] of Object.entries(files)) {
          _attachments[name] = {
            content_type: blob.type || 'application/octet-stream',
            data: await base64Of(blob),
          };
        }
        const sent: SyncDoc & { _attachments: typeof _attachments } = { ...doc, _attachments };
        for (let attempt = 0; ; attempt++) {
          const response = await call(path, { method: 'PUT', body: JSON.stringify(sent) });
          if (response.ok) return { ok: true };
          if (response.status === 409 && attempt < 3) {
            // One is there already (sent before, from this device or another): replace it.
            const rev = await revOf(path);
            if (rev) sent._rev = rev;
            continue;
          }
          if (response.status === 403 || response.status === 413) {
            const { reason, error } = await body(response);
            return { refused: reason ?? error ?? `refused (${response.status})` };
          }
          throw await failure(response, 'Sending a take’s audio');
        }
      },
      async file(id, name) {
        const response = await call(
          db + '/' + encodeURIComponent(id) + '/' + encodeURIComponent(name),
          { headers: { accept: '*/*' } },
        );
        if (response.status === 404) return null;
        if (!response.ok) throw await failure(response, 'Reading a take’s audio');
        return response.blob();
      },
      async remove(id) {
        const path = db + '/' + encodeURIComponent(id);
        for (let attempt = 0; attempt < 3; attempt++) {
          const rev = await revOf(path);
          if (rev === null) return;
          const response = await call(path + '?rev=' + encodeURIComponent(rev), {
            method: 'DELETE',
          });
          if (response.ok || response.status === 404) return;
          if (response.status !== 409) throw await failure(response, 'Removing a take’s audio');
        }
      },
      async ids(prefix) {
        const range =
          '?startkey=' +
          encodeURIComponent(JSON.stringify(prefix)) +
          '&endkey=' +
          encodeURIComponent(JSON.stringify(prefix + '\ufff0'));
        const answer = await json<{ rows: { id: string }[] }>(
          db + '/_all_docs' + range,
          {},
          'Listing the account’s files',
        );
        return answer.rows.map((row) => row.id);
      },
    };
  };

  return {
    serverUrl: base,
    async signUp(name, password) {
      const problem = checkName(name) ?? checkPassword(password);
      if (problem) throw new AccountError('invalid', problem);
      const response = await call(userDoc(name), {
        method: 'PUT',
        body: JSON.stringify({
          _id: 'org.couchdb.user:' + name,
          name,
          password,
          roles: [],
          type: 'user',
        }),
      });
      // CouchDB answers 409 for a taken name; pouchdb-server 403 ("only update your own").
      if (response.status === 409 || response.status === 403) {
        throw new AccountError('name-taken', `The name "${name}" is taken: choose another.`);
      }
      if (!response.ok) throw await failure(response, 'Making the account');
    },
    async signIn(name, password) {
      const problem = checkName(name);
      if (problem) throw new AccountError('invalid', problem);
      const response = await call('/_session', {
        method: 'POST',
        body: JSON.stringify({ name, password }),
      });
      if (response.status === 401) {
        throw new AccountError('wrong-password', 'That name and password do not match an account.');
      }
      if (!response.ok) throw await failure(response, 'Signing in');
    },
    async session() {
      const answer = await json<{ userCtx?: { name?: string | null } }>(
        '/_session',
        {},
        'Checking the session',
      );
      return answer.userCtx?.name ?? null;
    },
    async signOut() {
      const response = await call('/_session', { method: 'DELETE' });
      if (!response.ok && response.status !== 401) throw await failure(response, 'Signing out');
    },
    async deleteAccount(name, password) {
      // Asked again so that a phone left signed in cannot lose the account to someone else.
      await this.signIn(name, password);
      const doc = await json<{ _rev: string }>(userDoc(name), {}, 'Reading the account');
      await json(
        userDoc(name) + '?rev=' + encodeURIComponent(doc._rev),
        { method: 'DELETE' },
        'Deleting the account',
      );
    },
    async waitForUserDb(name, timeoutMs) {
      const started = Date.now();
      for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
        const response = await call('/' + userDbName(name));
        if (response.ok) return;
        if (response.status !== 404 && response.status !== 401 && response.status !== 403) {
          throw await failure(response, 'Opening your sync database');
        }
        if (Date.now() - started > timeoutMs) {
          throw new AccountError(
            'server',
            'The server has not made your sync database: ask its admin to enable per-user databases (docs/sync.md).',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
    userDb,
  };
}
