import { describe, expect, it } from 'vitest';
import {
  createPreferencesStore,
  DEFAULT_PREFERENCES,
  parsePreferences,
  PREFERENCES_STORAGE_KEY,
} from './preferences';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('preferences store', () => {
  it('follows the system theme; analytics consent and take audio in the account off by default', () => {
    expect(createPreferencesStore(memoryStorage()).get()).toEqual({
      theme: 'system',
      analyticsConsent: false,
      takeAudioInAccount: false,
    });
  });

  it('persists consent and theme, and consent can be withdrawn', () => {
    const storage = memoryStorage();
    createPreferencesStore(storage).update({ analyticsConsent: true, theme: 'dark' });
    const reloaded = createPreferencesStore(storage);
    expect(reloaded.get()).toEqual({
      theme: 'dark',
      analyticsConsent: true,
      takeAudioInAccount: false,
    });
    reloaded.update({ analyticsConsent: false });
    expect(createPreferencesStore(storage).get().analyticsConsent).toBe(false);
  });

  it('rejects unknown values naming the allowed ones, leaving preferences unchanged', () => {
    const store = createPreferencesStore(memoryStorage());
    expect(() => store.update({ theme: 'sepia' as never })).toThrow(/system, light, dark/);
    expect(() => store.update({ analyticsConsent: 'yes' as never })).toThrow(/true or false/);
    expect(store.get()).toEqual(DEFAULT_PREFERENCES);
  });

  it('never turns consent or take audio on from corrupt or foreign stored data', () => {
    const corrupt = memoryStorage({ [PREFERENCES_STORAGE_KEY]: '{"analyticsConsent":"true"' });
    expect(createPreferencesStore(corrupt).get().analyticsConsent).toBe(false);
    expect(
      parsePreferences({ analyticsConsent: 1, theme: 'light', takeAudioInAccount: 'yes' }),
    ).toEqual({
      theme: 'light',
      analyticsConsent: false,
      takeAudioInAccount: false,
    });
  });
});
