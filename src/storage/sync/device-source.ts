/**
 * Records only one device writes (its practice minutes, its finished routines), synced as
 * `device:<name>@<device id>`: this device sends its own and keeps every other device's beside
 * them; the screens read the sum. No conflict can arise (one writer per document), so no rule is
 * needed and nothing is counted twice.
 */
import type { SyncRecord } from './sync-engine';
import type { SyncSource } from './sync-service';

export interface DeviceRecord {
  /** This device's record (JSON), or null when it has nothing yet. */
  own(): object | null;
  /** Calls `listener` after this device's record was saved. */
  subscribe(listener: () => void): () => void;
  /** Another device's record as it arrives (untrusted: the store parses it). */
  putOther(device: string, raw: unknown): void;
  removeOther(device: string): void;
}

const SEPARATOR = '@';

export function deviceSyncSource(
  me: string,
  entries: readonly { readonly name: string; readonly record: DeviceRecord }[],
): SyncSource {
  const byName = new Map(entries.map((e) => [e.name, e.record]));
  const ownKey = (name: string): string => name + SEPARATOR + me;
  const split = (key: string): { name: string; device: string } | null => {
    const at = key.lastIndexOf(SEPARATOR);
    return at > 0 ? { name: key.slice(0, at), device: key.slice(at + 1) } : null;
  };
  const ownRecords = (names: readonly string[]): SyncRecord[] =>
    names.flatMap((name) => {
      const data = byName.get(name)?.own();
      // The edit time only orders versions of one writer's record: any positive stamp will do.
      return data ? [{ key: ownKey(name), updatedAtMs: Date.now(), data }] : [];
    });
  return {
    kind: 'device',
    list: async () => ownRecords([...byName.keys()]),
    get: async (keys) =>
      ownRecords(
        keys.flatMap((key) => {
          const parts = split(key);
          return parts && parts.device === me ? [parts.name] : [];
        }),
      ),
    async put(records) {
      for (const record of records) {
        const parts = split(record.key);
        // This device's own record coming back (another sign-in) is already here, newer or equal.
        if (!parts || parts.device === me) continue;
        byName.get(parts.name)?.putOther(parts.device, record.data);
      }
    },
    async remove(keys) {
      for (const key of keys) {
        const parts = split(key);
        if (parts && parts.device !== me) byName.get(parts.name)?.removeOther(parts.device);
      }
    },
    subscribe(listener) {
      const offs = entries.map((e) => e.record.subscribe(() => listener([ownKey(e.name)])));
      return () => offs.forEach((off) => off());
    },
  };
}
