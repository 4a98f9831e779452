import { createElement } from 'react';
import './icon.css';

/**
 * An ionicons icon drawn inline, without the `ion-icon` web component.
 *
 * Why: `IonIcon` from `@ionic/react` pulls in ionicons' own Stencil runtime and element (~8 kB
 * gzip); used in the tab bar it sat in the initial JS (issue 13: initial JS under 141 kB). The
 * element is still named `ion-icon` (never defined, so it stays a plain element) because Ionic's
 * buttons and tab buttons style and detect their icons by that tag: `::slotted(ion-icon[slot=…])`,
 * `querySelector('ion-icon')`. `icon` is an export of `ionicons/icons`: a trusted, static
 * `data:image/svg+xml;utf8,<svg…>` string from the package, never user input.
 */
export function Icon(props: { icon: string; slot?: 'start' | 'end' | 'icon-only' }) {
  return createElement('ion-icon', {
    class: 'app-icon',
    slot: props.slot,
    'aria-hidden': 'true',
    dangerouslySetInnerHTML: { __html: svgMarkup(props.icon) },
  });
}

/** The `<svg…>` markup inside an ionicons data URL (`data:image/svg+xml;utf8,<svg…>`). */
export function svgMarkup(dataUrl: string): string {
  const start = dataUrl.indexOf('<svg');
  if (start < 0)
    throw new Error(
      `Icon: expected an ionicons data:image/svg+xml URL, got "${dataUrl.slice(0, 40)}…"`,
    );
  return dataUrl.slice(start);
}
