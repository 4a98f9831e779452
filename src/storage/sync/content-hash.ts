/**
 * A hash of a record's content that does not depend on the order of its keys (a record read back
 * from IndexedDB or JSON may list them in another order): what the sync engine compares to tell
 * "edited here" from "as agreed with the server". 64 bits of FNV-1a over a canonical JSON text.
 */

/** JSON with every object's keys sorted; undefined fields left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return '[' + value.map((v) => canonicalJson(v ?? null)).join(',') + ']';
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const field = record[key];
    if (field === undefined || typeof field === 'function') continue;
    parts.push(JSON.stringify(key) + ':' + canonicalJson(field));
  }
  return '{' + parts.join(',') + '}';
}

/** 16 hex digits: two 32-bit FNV-1a lanes with different offsets over the canonical JSON. */
export function contentHash(value: unknown): string {
  const text = canonicalJson(value);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
