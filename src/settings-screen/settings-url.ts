/**
 * The settings screen in the URL (issue 36, H2): `?settings` on the page it is over, and
 * `?settings=privacy` for its privacy page above it. An entry the app pushed says how many
 * layers it is above the page (`settingsDepth` in its state: 1 the settings, 2 the privacy
 * page), so closing goes back over exactly those; a screen opened by a link (or after a reload)
 * has none, and closing replaces it instead.
 */
export const SETTINGS_PARAM = 'settings';
export const PRIVACY = 'privacy';

export interface SettingsEntryState {
  readonly settingsDepth?: number;
}

/** How many entries the app pushed for the screen shown at an entry with this state. */
export function settingsDepthOf(state: unknown): number {
  const depth = (state as SettingsEntryState | null)?.settingsDepth;
  return typeof depth === 'number' && depth > 0 ? Math.floor(depth) : 0;
}

/** The page's search with the settings parameter set to `value` ('' the settings, null none). */
export function withSettings(search: string, value: string | null): string {
  const params = new URLSearchParams(search);
  params.delete(SETTINGS_PARAM);
  if (value !== null) params.set(SETTINGS_PARAM, value);
  // `?settings`, not `?settings=` (as `?takes`).
  const text = params.toString().replace(/(^|&)settings=(?=&|$)/, '$1settings');
  return text ? `?${text}` : '';
}

export type SettingsLayer = 'none' | 'settings' | 'privacy';

/** Which layer a search shows. */
export function settingsLayerOf(search: string): SettingsLayer {
  const params = new URLSearchParams(search);
  if (!params.has(SETTINGS_PARAM)) return 'none';
  return params.get(SETTINGS_PARAM) === PRIVACY ? 'privacy' : 'settings';
}

/** A navigation: back by `n` entries, or to a search (replacing the entry or pushing one). */
export type SettingsMove =
  | { readonly kind: 'back'; readonly entries: number }
  | {
      readonly kind: 'go';
      readonly search: string;
      readonly replace: boolean;
      readonly depth?: number;
    };

/**
 * Closing the whole screen from the entry shown: back over the entries the app pushed for it, or
 * (opened by a link, or after a reload) the entry replaced by the page without it.
 */
export function closeMove(search: string, state: unknown): SettingsMove | null {
  const layer = settingsLayerOf(search);
  if (layer === 'none') return null; // closed by Back already: nothing to undo
  const layers = layer === 'privacy' ? 2 : 1;
  return settingsDepthOf(state) >= layers
    ? { kind: 'back', entries: layers }
    : { kind: 'go', search: withSettings(search, null), replace: true };
}

/** Opening the privacy page above the settings. */
export function showPrivacyMove(search: string, state: unknown): SettingsMove {
  return {
    kind: 'go',
    search: withSettings(search, PRIVACY),
    replace: false,
    depth: settingsDepthOf(state) + 1,
  };
}

/** From the privacy page back to the settings: back when the app pushed it, else replaced. */
export function hidePrivacyMove(search: string, state: unknown): SettingsMove | null {
  if (settingsLayerOf(search) !== 'privacy') return null;
  return settingsDepthOf(state) >= 1
    ? { kind: 'back', entries: 1 }
    : { kind: 'go', search: withSettings(search, ''), replace: true };
}
