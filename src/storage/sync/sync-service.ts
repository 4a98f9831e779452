/* eslint-disable max-lines -- Over 300 lines: the account (sign up, in, out, delete, status) and the scheduling of its sync cycles; not split in issue 41 step 1. */
/**
 * The account and its sync, as the app sees it: sign up, in, out, delete; a status a player can
 * read; cycles of the engine run when something changed here (soon after), when the server says
 * something changed there (a long poll), when the network comes back, and on a back-off after a
 * failure. Practice never waits for any of it: every call here is the account screen's, and the
 * stores only say which keys changed.
 *
 * The password is sent to sign in and never kept; what is kept on the device is the account's
 * name and server (to resume after a restart) and the server's session cookie.
 */
import { createObservable, type ReadonlyObservable } from '../../lib/observable';
import { ACCOUNT_STORAGE_KEY, defaultStorage, type KeyValueStorage } from '../key-value';
import {
  AccountError,
  createCouchClient,
  userDbName,
  type CouchClient,
  type FileRemote,
} from './couch-client';
import { syncDocId, type SyncKind } from './sync-doc';
import { createSyncEngine, type SyncAdapter } from './sync-engine';
import { indexedDbShadowStore, type ClosableShadowStore } from './shadow-store';

export interface Account {
  readonly name: string;
  readonly serverUrl: string;
  /** When this device last finished a sync with it (epoch ms), kept across restarts. */
  readonly lastSyncedAtMs?: number;
}

export type SyncStatus =
  | { readonly state: 'no-account' }
  | { readonly state: 'syncing'; readonly waiting: number; readonly lastSyncedAtMs: number | null }
  | { readonly state: 'synced'; readonly atMs: number; readonly waiting: number }
  /** The server does not answer: changes wait here and go when it does. */
  | { readonly state: 'offline'; readonly waiting: number; readonly lastSyncedAtMs: number | null }
  /** The session ended (expired, password changed elsewhere): sign in again to resume. */
  | { readonly state: 'paused'; readonly waiting: number; readonly message: string }
  | { readonly state: 'error'; readonly waiting: number; readonly message: string };

export interface Refusal {
  readonly id: string;
  readonly reason: string;
}

/**
 * Files kept in the account beside the documents (a take's audio, only when the player asks): run
 * after each cycle of the engine with the account's database. Throws like the engine (offline,
 * signed out); what the server refused is returned and shown with the other refusals.
 */
export interface FileTransfer {
  run(
    remote: FileRemote,
    cycle: { readonly full: boolean },
  ): Promise<{ readonly refused: readonly Refusal[] }>;
  /** Calls `listener` when something here means files should move (a choice, a new take). */
  subscribe(listener: () => void): () => void;
}

/** A kind's adapter, and how its store says that records changed here. */
export interface SyncSource extends SyncAdapter {
  /** Calls `listener` with the keys written here (or 'all' after a bulk change). */
  subscribe(listener: (keys: readonly string[] | 'all') => void): () => void;
}

export interface SyncService {
  readonly account: ReadonlyObservable<Account | null>;
  readonly status: ReadonlyObservable<SyncStatus>;
  /** What the server refused (kept on the device), with its reasons. */
  readonly refused: ReadonlyObservable<readonly Refusal[]>;
  /** The server this build syncs with unless the player names another it allows. */
  readonly defaultServerUrl: string;
  signUp(serverUrl: string, name: string, password: string): Promise<void>;
  signIn(serverUrl: string, name: string, password: string): Promise<void>;
  /** Ends the session; everything stays on this device. */
  signOut(): Promise<void>;
  /** Deletes the account and its data on the server; this device keeps its own. */
  deleteAccount(password: string): Promise<void>;
  /** A cycle now (the status line's "Sync now"). */
  syncNow(): void;
  register(source: SyncSource): void;
  /** Adds files that move after each cycle (take audio); see FileTransfer. */
  registerFiles(transfer: FileTransfer): void;
  /** Resumes a stored account (start-up); does nothing without one. */
  start(): void;
  /** Stops every loop and timer (tests). */
  stop(): void;
}

export { ACCOUNT_STORAGE_KEY } from '../key-value';
/** After a local change, wait this long for more before a cycle (a save writes several rows). */
const LOCAL_DEBOUNCE_MS = 250;
const LONG_POLL_MS = 25_000;
/** A server back after an outage is found within this long (the status says it will sync). */
const MAX_BACKOFF_MS = 30_000;
const USER_DB_WAIT_MS = 10_000;

export interface SyncServiceDeps {
  defaultServerUrl: string;
  storage?: KeyValueStorage | null;
  client?: (serverUrl: string) => CouchClient;
  shadows?: (dbName: string) => ClosableShadowStore;
  /** Window events ('online'); default the page's. */
  onOnline?: (listener: () => void) => () => void;
}

function loadAccount(storage: KeyValueStorage | null): Account | null {
  try {
    const raw = JSON.parse(storage?.getItem(ACCOUNT_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof raw !== 'object' || raw === null) return null;
    const { name, serverUrl, lastSyncedAtMs } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || typeof serverUrl !== 'string') return null;
    return typeof lastSyncedAtMs === 'number'
      ? { name, serverUrl, lastSyncedAtMs }
      : { name, serverUrl };
  } catch {
    return null;
  }
}

function saveAccount(storage: KeyValueStorage | null, account: Account | null): void {
  try {
    storage?.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(account));
  } catch {
    // Storage full or blocked: the account lasts this visit; the screen still shows it.
  }
}

export function createSyncService(deps: SyncServiceDeps): SyncService {
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const makeClient = deps.client ?? ((url: string) => createCouchClient(url));
  const makeShadows =
    deps.shadows ?? ((db: string) => indexedDbShadowStore('embouchure-sync-' + db));
  const onOnline =
    deps.onOnline ??
    ((listener: () => void) => {
      if (typeof window === 'undefined') return () => undefined;
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    });

  const account = createObservable<Account | null>(loadAccount(storage));
  const status = createObservable<SyncStatus>({ state: 'no-account' });
  const refused = createObservable<readonly Refusal[]>([]);
  const sources: SyncSource[] = [];
  const transfers: FileTransfer[] = [];
  const unsubscribes: (() => void)[] = [];

  /** One signed-in session: its client, shadows, engine and loops. */
  interface Session {
    client: CouchClient;
    shadows: ClosableShadowStore;
    engine: ReturnType<typeof createSyncEngine>;
    name: string;
    stopped: boolean;
    poll: AbortController | null;
  }
  let session: Session | null = null;
  const dirty = new Set<string>();
  let fullPending = true;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let backoffMs = 0;
  let lastSyncedAtMs: number | null = null;
  let stopOnline: (() => void) | null = null;

  const waiting = (): number => dirty.size;
  const showWaiting = (): void => {
    const current = status.get();
    if (current.state === 'no-account' || current.state === 'syncing') return;
    status.set({ ...current, waiting: waiting() });
  };

  const schedule = (delayMs: number): void => {
    if (!session || session.stopped) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void cycle();
    }, delayMs);
  };

  const onLocalChange = (kind: SyncKind, keys: readonly string[] | 'all'): void => {
    if (keys === 'all') fullPending = true;
    else for (const key of keys) dirty.add(syncDocId(kind, key));
    if (!session) return;
    showWaiting();
    if (status.get().state !== 'paused') schedule(LOCAL_DEBOUNCE_MS);
  };

  const cycle = async (): Promise<void> => {
    const current = session;
    if (!current || current.stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const targets = fullPending ? ('all' as const) : new Set(dirty);
    const taken = new Set(dirty);
    fullPending = false;
    status.set({ state: 'syncing', waiting: waiting(), lastSyncedAtMs });
    try {
      const result = await current.engine.cycle(targets);
      if (current.stopped) return;
      for (const id of taken) dirty.delete(id);
      const refusals = [...result.refused];
      for (const transfer of transfers) {
        const moved = await transfer.run(current.client.userDb(current.name), {
          full: targets === 'all',
        });
        if (current.stopped) return;
        refusals.push(...moved.refused);
      }
      lastSyncedAtMs = Date.now();
      const stored = account.get();
      if (stored) saveAccount(storage, { ...stored, lastSyncedAtMs });
      backoffMs = 0;
      refused.set(refusals);
      status.set({ state: 'synced', atMs: lastSyncedAtMs, waiting: waiting() });
      startPolling(current);
    } catch (error) {
      if (current.stopped) return;
      if (targets === 'all') fullPending = true;
      if (error instanceof AccountError && error.kind === 'signed-out') {
        status.set({ state: 'paused', waiting: waiting(), message: error.message });
        current.poll?.abort();
        return;
      }
      if (error instanceof AccountError && error.kind === 'unreachable') {
        status.set({ state: 'offline', waiting: waiting(), lastSyncedAtMs });
      } else {
        status.set({
          state: 'error',
          waiting: waiting(),
          message: error instanceof Error ? error.message : String(error),
        });
      }
      backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs === 0 ? 1000 : backoffMs * 2);
      schedule(backoffMs);
    } finally {
      running = false;
      if (again || (dirty.size > 0 && status.get().state === 'synced')) {
        again = false;
        schedule(0);
      }
    }
  };

  /** Waits for the server's changes while signed in; each change runs a cycle. */
  const startPolling = (current: Session): void => {
    if (current.poll || current.stopped) return;
    const controller = new AbortController();
    current.poll = controller;
    const remote = current.client.userDb(current.name);
    void (async () => {
      try {
        while (!controller.signal.aborted && !current.stopped) {
          const since = await current.shadows.checkpoint();
          const changed = await remote.waitForChange(since, LONG_POLL_MS, controller.signal);
          if (changed && !controller.signal.aborted) await cycle();
        }
      } catch {
        // The server went away: the next cycle says so and retries on its back-off.
        if (!current.stopped) schedule(0);
      } finally {
        if (current.poll === controller) current.poll = null;
      }
    })();
  };

  const begin = (next: Account, client: CouchClient): void => {
    end();
    const shadows = makeShadows(userDbName(next.name));
    session = {
      client,
      shadows,
      name: next.name,
      engine: createSyncEngine({ adapters: sources, shadows, remote: client.userDb(next.name) }),
      stopped: false,
      poll: null,
    };
    fullPending = true;
    lastSyncedAtMs = next.lastSyncedAtMs ?? null;
    account.set(next);
    saveAccount(storage, next);
    status.set({ state: 'syncing', waiting: waiting(), lastSyncedAtMs });
    stopOnline = onOnline(() => schedule(0));
    schedule(0);
  };

  const end = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    stopOnline?.();
    stopOnline = null;
    if (session) {
      session.stopped = true;
      session.poll?.abort();
      session.shadows.close();
    }
    session = null;
    lastSyncedAtMs = null;
    backoffMs = 0;
  };

  const signIn = async (serverUrl: string, name: string, password: string): Promise<void> => {
    const client = makeClient(serverUrl);
    await client.signIn(name, password);
    await client.waitForUserDb(name, USER_DB_WAIT_MS);
    begin({ name, serverUrl: client.serverUrl }, client);
  };

  return {
    account,
    status,
    refused,
    defaultServerUrl: deps.defaultServerUrl,
    async signUp(serverUrl, name, password) {
      await makeClient(serverUrl).signUp(name, password);
      await signIn(serverUrl, name, password);
    },
    signIn,
    async signOut() {
      const current = session;
      end();
      account.set(null);
      saveAccount(storage, null);
      status.set({ state: 'no-account' });
      refused.set([]);
      // The server forgets the session too; offline, the cookie just expires there.
      await current?.client.signOut().catch(() => undefined);
    },
    async deleteAccount(password) {
      const current = session;
      const stored = account.get();
      if (!stored) throw new AccountError('invalid', 'No account is signed in on this device.');
      const client = current?.client ?? makeClient(stored.serverUrl);
      await client.deleteAccount(stored.name, password);
      const shadows = current?.shadows ?? makeShadows(userDbName(stored.name));
      end();
      await shadows.destroy().catch(() => undefined);
      account.set(null);
      saveAccount(storage, null);
      status.set({ state: 'no-account' });
      refused.set([]);
    },
    syncNow() {
      fullPending = true;
      schedule(0);
    },
    registerFiles(transfer) {
      transfers.push(transfer);
      unsubscribes.push(
        transfer.subscribe(() => {
          if (session && status.get().state !== 'paused') schedule(LOCAL_DEBOUNCE_MS);
        }),
      );
      if (session) schedule(LOCAL_DEBOUNCE_MS);
    },
    register(source) {
      sources.push(source);
      unsubscribes.push(source.subscribe((keys) => onLocalChange(source.kind, keys)));
      if (session) {
        // A kind registered after sign-in (a lazily loaded store): the engine learns it anew.
        session.engine = createSyncEngine({
          adapters: sources,
          shadows: session.shadows,
          remote: session.client.userDb(session.name),
        });
        fullPending = true;
        schedule(LOCAL_DEBOUNCE_MS);
      }
    },
    start() {
      const stored = account.get();
      if (!stored || session) return;
      const client = makeClient(stored.serverUrl);
      begin(stored, client);
      // A session that ended while the app was closed: say so at once instead of at the first sync.
      void client.session().then(
        (name) => {
          if (name !== stored.name && session?.client === client) {
            status.set({
              state: 'paused',
              waiting: waiting(),
              message: 'Your session has ended: sign in again to sync.',
            });
            session.poll?.abort();
            if (timer !== null) clearTimeout(timer);
            timer = null;
          }
        },
        () => undefined, // offline: the first cycle says so
      );
    },
    stop() {
      end();
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },
  };
}
