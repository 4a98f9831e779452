import { describe, expect, it } from 'vitest';
import { createPreferencesStore } from './preferences';
import { createSettingsStore } from './settings';
import { persistedSyncSource } from './settings-sync';

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
};

describe('settings as the account syncs them', () => {
  it('sends nothing never changed here, then the record with its edit time, not the analytics consent', async () => {
    const preferences = createPreferencesStore(memory());
    const source = persistedSyncSource([
      { name: 'preferences', store: preferences, localOnly: ['analyticsConsent'] },
    ]);
    expect(await source.list()).toEqual([]);
    preferences.update({ theme: 'dark', analyticsConsent: true });
    const [record] = await source.list();
    expect(record).toMatchObject({ key: 'preferences', data: { theme: 'dark' } });
    expect(record.data).not.toHaveProperty('analyticsConsent');
    expect(record.updatedAtMs).toBeGreaterThan(0);
  });

  it("takes another device's valid fields with its edit time, and keeps its own for invalid ones", async () => {
    const settings = createSettingsStore(memory());
    const source = persistedSyncSource([{ name: 'settings', store: settings }]);
    await source.put([
      {
        key: 'settings',
        updatedAtMs: 1_800_000_000_000,
        data: { a4Hz: 442, transposition: 'banjo' },
      },
    ]);
    expect(settings.get().a4Hz).toBe(442);
    expect(settings.get().transposition).toBe('bb-trumpet');
    expect(settings.editedAtMs()).toBe(1_800_000_000_000);
  });
});
