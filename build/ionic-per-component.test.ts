import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  dropIonIconElement,
  exposeRoutingFactory,
  markIonicNavPure,
  parseIonicWrappers,
  rewriteIonicImports,
  wrapperModule,
} from './ionic-per-component';

const ionicReactSource = readFileSync(
  createRequire(import.meta.url).resolve('@ionic/react'),
  'utf8',
);
const wrappers = parseIonicWrappers(ionicReactSource);

describe('ionic per-component imports', () => {
  it('finds the plain and routing wrappers of the installed @ionic/react, with their events', () => {
    expect(wrappers.size).toBeGreaterThan(60);
    expect(wrappers.get('IonSegment')).toMatchObject({
      kind: 'component',
      tagName: 'ion-segment',
      modulePath: '@ionic/core/components/ion-segment.js',
      eventsSource: "{ onIonChange: 'ionChange' }",
    });
    expect(wrappers.get('IonButton')).toMatchObject({ kind: 'routing', tagName: 'ion-button' });
    expect(wrappers.get('IonModal')).toMatchObject({
      kind: 'overlay',
      tagName: 'ion-modal',
      modulePath: '@ionic/core/components/ion-modal.js',
      hasDelegateHost: true,
    });
    expect(wrappers.get('IonAlert')).toMatchObject({ kind: 'overlay', hasDelegateHost: false });
    // Navigation pieces need @ionic/react's own context: never split.
    for (const name of ['IonApp', 'IonPage', 'IonTabs', 'IonRouterOutlet', 'IonIcon']) {
      expect(wrappers.has(name)).toBe(false);
    }
  });

  it('rewrites only the splittable names, keeping the rest and type imports on @ionic/react', () => {
    const code = `import { IonPage, IonSegment as Seg, type IonButton, IonButton } from '@ionic/react';\nuse(Seg);`;
    expect(rewriteIonicImports(code, wrappers)).toBe(
      "import { IonPage, type IonButton } from '@ionic/react'; " +
        "import { IonSegment as Seg } from 'virtual:ionic-component/IonSegment'; " +
        "import { IonButton } from 'virtual:ionic-component/IonButton';\nuse(Seg);",
    );
    expect(rewriteIonicImports(`import { IonApp } from '@ionic/react';`, wrappers)).toBeUndefined();
  });

  it('generates a wrapper module that defines the element through its own module', () => {
    const toggle = wrappers.get('IonToggle');
    if (!toggle) throw new Error('IonToggle wrapper not found');
    const source = wrapperModule(toggle);
    expect(source).toContain("from '@ionic/core/components/ion-toggle.js'");
    expect(source).toContain("tagName: 'ion-toggle'");
    expect(source).toContain('defineCustomElement,');
  });

  it('generates an inline-overlay module through the exposed factory', () => {
    const modal = wrappers.get('IonModal');
    if (!modal) throw new Error('IonModal wrapper not found');
    expect(wrapperModule(modal)).toBe(
      "import { __embouchureCreateInlineOverlayComponent } from '@ionic/react';\n" +
        "import { defineCustomElement } from '@ionic/core/components/ion-modal.js';\n" +
        "export const IonModal = /*@__PURE__*/ __embouchureCreateInlineOverlayComponent('ion-modal', defineCustomElement, true);\n",
    );
  });

  it('still matches the @ionic/react source it patches (fails on an upgrade that moved it)', () => {
    const patched = exposeRoutingFactory(markIonicNavPure(ionicReactSource));
    expect(patched).toContain('const IonNavInner = /*@__PURE__*/ createReactComponent(');
    expect(patched).toContain('const IonBackButton = /*@__PURE__*/ (() => class IonBackButton');
    expect(patched).toContain('export { createRoutingComponent as ');
    expect(patched).toMatch(/export \{ createInlineOverlayComponent as \w+ \};\n$/);
  });

  it('cuts the ion-icon element import out of @ionic/react, and fails loudly if it moved', () => {
    const patched = dropIonIconElement(ionicReactSource);
    expect(patched).not.toContain('ionicons/components');
    expect(patched).toContain('const defineCustomElement$1k = () => { throw new Error(');
    expect(() => dropIonIconElement('export {};')).toThrow(/ion-icon import not found/);
  });
});
