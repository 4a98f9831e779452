/**
 * This device's id for the account's sync (its own records' key). Kept out of src/storage's front
 * door: only the sync's lazily loaded code needs it.
 */
import { defaultStorage, type KeyValueStorage } from './key-value';

const DEVICE_KEY = 'embouchure.device.v1';

/**
 * This device's id (made once, kept in its storage): the key of records only this device writes
 * (its practice minutes). Storage blocked: an id for this visit.
 */
export function deviceId(storage: KeyValueStorage | null = defaultStorage()): string {
  try {
    const stored = storage?.getItem(DEVICE_KEY);
    if (stored && /^[a-z0-9-]{8,64}$/.test(stored)) return stored;
    const made = newId();
    storage?.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return (visitId ??= newId());
  }
}
let visitId: string | undefined;

function newId(): string {
  // randomUUID exists only in secure contexts (https, localhost, the apps); else 128 random bits.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}
