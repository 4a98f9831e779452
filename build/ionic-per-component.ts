import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Import Ionic React components individually.
 *
 * `@ionic/react` is one module (`dist/index.js`) that creates the React wrapper of every Ionic
 * component. The bundler cannot split a module, so every component that *any* lazy page uses
 * (a segment on the exercise page, a toggle on the settings page…) lands in the initial chunk
 * beside `IonApp`. This build-only plugin rewrites `import { IonSegment } from '@ionic/react'`
 * in our sources to a per-component virtual module that builds the very same wrapper (the
 * same `createComponent` call with the same tag, element class, events and
 * `defineCustomElement` that `@ionic/react` uses), so the component and its styles travel with
 * the page that uses it. Routing-aware wrappers (`IonButton`, `IonItem`, `IonCard`…) get the
 * same treatment through `@ionic/react`'s own internal factory, exported for the purpose, and so
 * do inline overlays (`IonModal`, `IonAlert`…, built by `createInlineOverlayComponent`): an
 * `IonModal` used by a lazy chunk would otherwise pull `ion-modal`'s shared code into the entry.
 * Navigation components (`IonApp`, tabs, outlets, `IonPage`, `IonIcon`), controllers and hooks
 * (`useIonModal`…) keep coming from `@ionic/react`. Types are untouched: TypeScript still sees `@ionic/react`.
 */

const VIRTUAL_PREFIX = 'virtual:ionic-component/';
const RESOLVED_PREFIX = '\0' + VIRTUAL_PREFIX;

export interface IonicWrapper {
  /**
   * 'component': a Stencil `createComponent` wrapper; 'routing': `createRoutingComponent`;
   * 'overlay': `createInlineOverlayComponent` (then `elementClassExport` is the module's
   * `defineCustomElement` and `hasDelegateHost` is its third argument).
   */
  kind: 'component' | 'routing' | 'overlay';
  /** e.g. `IonSegment` */
  name: string;
  /** The module exporting the element class and `defineCustomElement`. */
  modulePath: string;
  elementClassExport: string;
  /** The `events: {…}` object literal, verbatim ('component' only). */
  eventsSource: string;
  tagName: string;
  hasDelegateHost?: boolean;
}

/** Reads the plain `createComponent` wrappers out of `@ionic/react`'s bundled source. */
export function parseIonicWrappers(source: string): Map<string, IonicWrapper> {
  const imports = new Map<string, { exportName: string; modulePath: string }>();
  const importPattern =
    /^import \{ ([^}]+) \} from '(@ionic\/core\/components\/ion-[a-z-]+\.js)';$/gm;
  for (const [, specifiers, modulePath] of source.matchAll(importPattern)) {
    for (const specifier of specifiers.split(',')) {
      const [exportName, alias] = specifier.trim().split(/\s+as\s+/);
      imports.set(alias ?? exportName, { exportName, modulePath });
    }
  }
  const wrappers = new Map<string, IonicWrapper>();
  const wrapperPattern =
    /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n\s+tagName: '([a-z-]+)',\n\s+elementClass: ([\w$]+),\n(?:\s+\/\/[^\n]*\n)?\s+react: React,\n\s+events: (\{[^}]*\}),\n\s+defineCustomElement: ([\w$]+)\n\}\);$/gm;
  for (const [, name, tagName, elementAlias, eventsSource, defineAlias] of source.matchAll(
    wrapperPattern,
  )) {
    const element = imports.get(elementAlias);
    const define = imports.get(defineAlias);
    if (!element || !define || element.modulePath !== define.modulePath) continue;
    if (define.exportName !== 'defineCustomElement') continue;
    wrappers.set(name, {
      kind: 'component',
      name,
      tagName,
      modulePath: element.modulePath,
      elementClassExport: element.exportName,
      eventsSource,
    });
  }
  // Buttons, items, cards…: routerLink-aware wrappers built by an internal factory that
  // `exposeRoutingFactory` exports.
  const routingPattern =
    /^const (Ion\w+) = \/\*@__PURE__\*\/ createRoutingComponent\('([a-z-]+)', ([\w$]+)\);$/gm;
  for (const [, name, tagName, elementAlias] of source.matchAll(routingPattern)) {
    const element = imports.get(elementAlias);
    if (!element) continue;
    wrappers.set(name, {
      kind: 'routing',
      name,
      tagName,
      modulePath: element.modulePath,
      elementClassExport: element.exportName,
      eventsSource: '{}',
    });
  }
  // Inline overlays (IonModal, IonAlert…): no element class, a delegate-host flag for some.
  const overlayPattern =
    /^const (Ion\w+) = \/\*@__PURE__\*\/ createInlineOverlayComponent\('([a-z-]+)', ([\w$]+)(, true)?\);$/gm;
  for (const [, name, tagName, defineAlias, delegateHost] of source.matchAll(overlayPattern)) {
    const define = imports.get(defineAlias);
    if (!define || define.exportName !== 'defineCustomElement') continue;
    wrappers.set(name, {
      kind: 'overlay',
      name,
      tagName,
      modulePath: define.modulePath,
      elementClassExport: define.exportName,
      eventsSource: '{}',
      hasDelegateHost: delegateHost !== undefined,
    });
  }
  return wrappers;
}

const ROUTING_FACTORY_EXPORT = '__embouchureCreateRoutingComponent';
const OVERLAY_FACTORY_EXPORT = '__embouchureCreateInlineOverlayComponent';

/**
 * Appends exports of `@ionic/react`'s internal routing-wrapper and inline-overlay factories
 * (build only).
 */
export function exposeRoutingFactory(source: string): string {
  if (!source.includes('const createRoutingComponent = ')) {
    throw new Error('ionic-per-component: createRoutingComponent not found in @ionic/react');
  }
  if (!source.includes('const createInlineOverlayComponent = ')) {
    throw new Error('ionic-per-component: createInlineOverlayComponent not found in @ionic/react');
  }
  return (
    `${source}\nexport { createRoutingComponent as ${ROUTING_FACTORY_EXPORT} };\n` +
    `export { createInlineOverlayComponent as ${OVERLAY_FACTORY_EXPORT} };\n`
  );
}

/** The virtual module of one wrapper: what `@ionic/react` does for it, alone. */
export function wrapperModule(wrapper: IonicWrapper): string {
  if (wrapper.kind === 'overlay') {
    const args = `'${wrapper.tagName}', defineCustomElement${wrapper.hasDelegateHost ? ', true' : ''}`;
    return [
      `import { ${OVERLAY_FACTORY_EXPORT} } from '@ionic/react';`,
      `import { defineCustomElement } from '${wrapper.modulePath}';`,
      `export const ${wrapper.name} = /*@__PURE__*/ ${OVERLAY_FACTORY_EXPORT}(${args});`,
      '',
    ].join('\n');
  }
  if (wrapper.kind === 'routing') {
    return [
      `import { ${ROUTING_FACTORY_EXPORT} } from '@ionic/react';`,
      `import { ${wrapper.elementClassExport} as ElementClass } from '${wrapper.modulePath}';`,
      `export const ${wrapper.name} = /*@__PURE__*/ ${ROUTING_FACTORY_EXPORT}('${wrapper.tagName}', ElementClass);`,
      '',
    ].join('\n');
  }
  return [
    "import React from 'react';",
    "import { createComponent } from '@stencil/react-output-target/runtime';",
    `import { ${wrapper.elementClassExport} as ElementClass, defineCustomElement } from '${wrapper.modulePath}';`,
    `export const ${wrapper.name} = /*@__PURE__*/ createComponent({`,
    `  tagName: '${wrapper.tagName}',`,
    '  elementClass: ElementClass,',
    '  react: React,',
    `  events: ${wrapper.eventsSource},`,
    '  defineCustomElement,',
    '});',
    '',
  ].join('\n');
}

/**
 * `import { A, B, type C } from '@ionic/react'` → per-component imports for the wrappers in
 * `wrappers`, the rest from `@ionic/react`. Returns undefined when nothing changes.
 */
export function rewriteIonicImports(
  code: string,
  wrappers: ReadonlyMap<string, IonicWrapper>,
): string | undefined {
  let changed = false;
  const result = code.replace(
    /import\s*\{([^}]*)\}\s*from\s*['"]@ionic\/react['"];?/g,
    (statement, specifierList: string) => {
      const kept: string[] = [];
      const split: string[] = [];
      for (const raw of specifierList.split(',')) {
        const specifier = raw.trim();
        if (specifier === '') continue;
        const [imported, local] = specifier.split(/\s+as\s+/);
        if (!imported.startsWith('type ') && wrappers.has(imported)) {
          split.push(
            `import { ${imported}${local ? ` as ${local}` : ''} } from '${VIRTUAL_PREFIX}${imported}';`,
          );
        } else {
          kept.push(specifier);
        }
      }
      if (split.length === 0) return statement;
      changed = true;
      const rest = kept.length > 0 ? `import { ${kept.join(', ')} } from '@ionic/react';` : '';
      return [rest, ...split].filter(Boolean).join(' ');
    },
  );
  return changed ? result : undefined;
}

/**
 * Lets the bundler drop `IonNav` and `IonBackButton` when unused: their definitions in
 * `@ionic/react` lack the pure annotation (a class extending `React.Component`, an
 * unannotated call), so each kept ~10 kB of component code the app never renders.
 */
export function markIonicNavPure(source: string): string {
  let result = source
    .replace(
      'const IonNavInner = createReactComponent(',
      'const IonNavInner = /*@__PURE__*/ createReactComponent(',
    )
    .replace(
      "const IonNav = createForwardRef(IonNavInternal, 'IonNav');",
      "const IonNav = /*@__PURE__*/ createForwardRef(IonNavInternal, 'IonNav');",
    );
  const start = result.indexOf('class IonBackButton extends React.Component {');
  const end = start < 0 ? -1 : result.indexOf('\n}\n', start);
  if (start >= 0 && end > start) {
    result =
      result.slice(0, start) +
      'const IonBackButton = /*@__PURE__*/ (() => ' +
      result.slice(start, end) +
      '\n})();\n' +
      result.slice(end + 3);
  }
  return result;
}

const ION_ICON_IMPORT =
  "import { defineCustomElement as defineCustomElement$1k } from 'ionicons/components/ion-icon.js';";

/**
 * Cuts `@ionic/react`'s static import of ionicons' `ion-icon` element. The bundler assigns a
 * module to a chunk by static reachability, not by which statements survive tree-shaking, so
 * that one import kept ionicons' own Stencil runtime (~8 kB gzip) in the entry chunk even with
 * no `IonIcon` anywhere. The app draws icons with `src/shared-ui/Icon.tsx` (lint bans `IonIcon`);
 * an `IonIcon` that slipped through fails with this message when it first renders.
 */
export function dropIonIconElement(source: string): string {
  if (!source.includes(ION_ICON_IMPORT)) {
    // A changed @ionic/react build: fail loudly rather than silently regrow the entry.
    throw new Error('ionic-per-component: ion-icon import not found in @ionic/react');
  }
  return source.replace(
    ION_ICON_IMPORT,
    'const defineCustomElement$1k = () => { throw new Error(' +
      "'IonIcon is not bundled: use <Icon> from src/shared-ui/Icon.tsx (README, Bundle size)'); };",
  );
}

export function ionicPerComponentPlugin(): Plugin {
  let wrappers: Map<string, IonicWrapper> | undefined;
  const load = (): Map<string, IonicWrapper> => {
    if (!wrappers) {
      const require = createRequire(import.meta.url);
      wrappers = parseIonicWrappers(readFileSync(require.resolve('@ionic/react'), 'utf8'));
      // A changed @ionic/react build would silently undo the split: fail loudly instead.
      if (wrappers.size < 30) {
        throw new Error(
          `ionic-per-component: found only ${wrappers.size} wrappers in @ionic/react`,
        );
      }
    }
    return wrappers;
  };
  return {
    name: 'embouchure:ionic-per-component',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX)
        ? RESOLVED_PREFIX + id.slice(VIRTUAL_PREFIX.length)
        : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const wrapper = load().get(id.slice(RESOLVED_PREFIX.length));
      if (!wrapper) throw new Error(`ionic-per-component: unknown wrapper ${id}`);
      return wrapperModule(wrapper);
    },
    transform(code, id) {
      if (/[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/.test(id)) {
        return {
          code: exposeRoutingFactory(markIonicNavPure(dropIonIconElement(code))),
          map: null,
        };
      }
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || id.includes('node_modules')) return null;
      if (!code.includes('@ionic/react')) return null;
      const rewritten = rewriteIonicImports(code, load());
      return rewritten === undefined ? null : { code: rewritten, map: null };
    },
  };
}
