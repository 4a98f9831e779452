import type { ReadonlyObservable } from '../lib/observable';
import type { Preferences, Theme } from '../settings/preferences';

/**
 * Light/dark theme. Ionic's dark palette is loaded in its `.ion-palette-dark` class flavour
 * (`@ionic/react/css/palettes/dark.class.css`, see src/main.tsx), so the app decides: 'system'
 * follows `prefers-color-scheme` (and its live changes), 'light'/'dark' force one. The
 * `color-scheme` style keeps native form controls and scrollbars in step.
 */
export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}

export function applyTheme(root: HTMLElement, theme: Theme, systemPrefersDark: boolean): void {
  const dark = isDark(theme, systemPrefersDark);
  root.classList.toggle('ion-palette-dark', dark);
  root.style.colorScheme = theme === 'system' ? 'light dark' : dark ? 'dark' : 'light';
}

/** Keeps `<html>` in step with the preference and the system setting; returns the stop function. */
export function watchTheme(
  preferences: ReadonlyObservable<Readonly<Preferences>>,
  root: HTMLElement = document.documentElement,
  media: MediaQueryList | undefined = globalThis.matchMedia?.('(prefers-color-scheme: dark)'),
): () => void {
  const update = () => applyTheme(root, preferences.get().theme, media?.matches ?? false);
  update();
  const unsubscribe = preferences.subscribe(update);
  media?.addEventListener('change', update);
  return () => {
    unsubscribe();
    media?.removeEventListener('change', update);
  };
}
