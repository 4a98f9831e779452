/**
 * The account's other devices' copies of a per-device record (their practice minutes, their
 * finished routines), kept in this device's storage under one key by device id, so Progress adds
 * them up offline too. Written only by the sync.
 */
import type { KeyValueStorage } from '../storage';

export interface Others<T> {
  values(): T[];
  put(device: string, raw: unknown): void;
  remove(device: string): void;
}

export function createOthers<T>(
  storage: KeyValueStorage | null,
  key: string,
  parse: (raw: unknown) => T,
  changed: () => void,
): Others<T> {
  let byDevice: Record<string, T> = {};
  try {
    const raw = JSON.parse(storage?.getItem(key) ?? '{}') as unknown;
    if (typeof raw === 'object' && raw !== null) {
      for (const [device, value] of Object.entries(raw)) byDevice[device] = parse(value);
    }
  } catch {
    byDevice = {};
  }
  const commit = (next: Record<string, T>): void => {
    byDevice = next;
    try {
      storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: they show this session and come again with the next full sync.
    }
    changed();
  };
  return {
    values: () => Object.values(byDevice),
    put: (device, raw) => commit({ ...byDevice, [device]: parse(raw) }),
    remove(device) {
      if (!(device in byDevice)) return;
      const { [device]: _gone, ...rest } = byDevice;
      commit(rest);
    },
  };
}
