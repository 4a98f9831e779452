import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 25: a MusicXML part or an assignment opened with the app, or shared to it, reaches the
// pieces library (src/native/opened-files.ts). The native projects must declare the file types.
const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const MUSICXML_TYPES = [
  'application/vnd.recordare.musicxml+xml',
  'application/vnd.recordare.musicxml',
  'application/xml',
  'text/xml',
];

/** Each `<intent-filter>` of the main activity: its actions, MIME types, schemes and patterns. */
function intentFilters(manifest: string) {
  const activity = /<activity[\s\S]*?android:name="\.MainActivity"[\s\S]*?<\/activity>/.exec(
    manifest,
  )?.[0];
  expect(activity, 'MainActivity in the manifest').toBeDefined();
  const all = (body: string, attribute: string) =>
    [...body.matchAll(new RegExp(`android:${attribute}="([^"]*)"`, 'g'))].map((m) => m[1]);
  return [...(activity ?? '').matchAll(/<intent-filter>([\s\S]*?)<\/intent-filter>/g)].map(
    ([, body]) => ({
      actions: [...body.matchAll(/<action android:name="([^"]+)"/g)].map((m) => m[1]),
      categories: [...body.matchAll(/<category android:name="([^"]+)"/g)].map((m) => m[1]),
      mimeTypes: all(body, 'mimeType'),
      schemes: all(body, 'scheme'),
      pathPatterns: all(body, 'pathPattern'),
    }),
  );
}

describe('Android: MusicXML and assignments open with the app and can be shared to it', () => {
  const filters = intentFilters(read('android/app/src/main/AndroidManifest.xml'));
  const view = filters.filter((f) => f.actions.includes('android.intent.action.VIEW'));
  const send = filters.filter((f) => f.actions.includes('android.intent.action.SEND'));

  it('VIEW by MIME type, for content:// and file:// URIs', () => {
    const byType = view.find((f) => f.mimeTypes.includes(MUSICXML_TYPES[0]));
    expect(byType?.mimeTypes).toEqual(
      expect.arrayContaining([...MUSICXML_TYPES, 'application/json']),
    );
    expect(byType?.schemes).toEqual(expect.arrayContaining(['content', 'file']));
    expect(byType?.categories).toContain('android.intent.category.DEFAULT');
  });

  it('VIEW by extension (.musicxml, .mxl, .xml), names with more dots included', () => {
    const byName = view.find((f) => f.pathPatterns.length > 0);
    for (const extension of ['musicxml', 'mxl', 'xml']) {
      expect(byName?.pathPatterns).toContain(`.*\\\\.${extension}`);
      expect(byName?.pathPatterns).toContain(`.*\\\\..*\\\\.${extension}`);
    }
    expect(byName?.mimeTypes).toEqual(['*/*']);
  });

  it('SEND (Share › Embouchure) for the same types, turned into a VIEW by MainActivity', () => {
    expect(send).toHaveLength(1);
    expect(send[0].mimeTypes).toEqual(
      expect.arrayContaining([...MUSICXML_TYPES, 'application/json']),
    );
    expect(send[0].categories).toContain('android.intent.category.DEFAULT');
    const activity = read('android/app/src/main/java/app/embouchure/trumpet/MainActivity.java');
    // The App plugin reports VIEW intents only: the shared stream becomes the intent's data,
    // before the bridge reads the launch intent and on every new intent.
    expect(activity).toMatch(/Intent\.ACTION_SEND\.equals\(intent\.getAction\(\)\)/);
    expect(activity).toContain('Intent.EXTRA_STREAM');
    expect(activity).toContain('view.setAction(Intent.ACTION_VIEW)');
    expect(activity).toMatch(/setIntent\(sharedFileAsView\(getIntent\(\)\)\);\s+super\.onCreate/);
    expect(activity).toContain('super.onNewIntent(sharedFileAsView(intent))');
  });
});

type Plist = string | boolean | Plist[] | { [key: string]: Plist };

/** A property list's XML (dict, array, string, true, false: what Info.plist uses), comments left out. */
function parsePlist(xml: string): Plist {
  const tokens = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?xml[^>]*>|<!DOCTYPE[^>]*>|<\/?plist[^>]*>/g, '')
    .match(/<[^>]+>|[^<]+/g)
    ?.filter((t) => t.trim() !== '');
  let at = 0;
  const value = (): Plist => {
    const tag = tokens?.[at++] ?? '';
    if (tag === '<true/>') return true;
    if (tag === '<false/>') return false;
    if (tag === '<string/>') return '';
    if (tag === '<string>') {
      const text = tokens?.[at] === '</string>' ? '' : (tokens?.[at++] ?? '');
      at++; // </string>
      return text;
    }
    if (tag === '<array>') {
      const items: Plist[] = [];
      while (tokens?.[at] !== '</array>') items.push(value());
      at++;
      return items;
    }
    if (tag === '<dict>') {
      const dict: Record<string, Plist> = {};
      while (tokens?.[at] !== '</dict>') {
        at++; // <key>
        const key = tokens?.[at++] ?? '';
        at++; // </key>
        dict[key] = value();
      }
      at++;
      return dict;
    }
    throw new Error(`unexpected ${tag} in Info.plist`);
  };
  return value();
}

describe('iOS: MusicXML and assignments are document types the app opens', () => {
  const plist = parsePlist(read('ios/App/App/Info.plist')) as Record<string, Plist>;
  type Dict = Record<string, Plist>;

  it('declares the MusicXML UTIs of the specification, with their extensions and MIME types', () => {
    const imported = plist.UTImportedTypeDeclarations as Dict[];
    const declared = imported.map((d) => ({
      uti: d.UTTypeIdentifier,
      conformsTo: d.UTTypeConformsTo,
      tags: d.UTTypeTagSpecification,
    }));
    expect(declared).toEqual([
      {
        uti: 'com.recordare.musicxml.uncompressed',
        conformsTo: ['public.xml'],
        tags: {
          'public.filename-extension': ['musicxml'],
          'public.mime-type': [MUSICXML_TYPES[0]],
        },
      },
      {
        uti: 'com.recordare.musicxml',
        conformsTo: ['public.zip-archive'],
        tags: { 'public.filename-extension': ['mxl'], 'public.mime-type': [MUSICXML_TYPES[1]] },
      },
    ]);
  });

  it('opens them (and .xml, .json) as a viewer, and supports opening documents in place', () => {
    const documents = plist.CFBundleDocumentTypes as Dict[];
    expect(documents.flatMap((d) => d.LSItemContentTypes)).toEqual([
      'com.recordare.musicxml.uncompressed',
      'com.recordare.musicxml',
      'public.xml',
      'public.json',
    ]);
    expect(documents.every((d) => d.CFBundleTypeRole === 'Viewer')).toBe(true);
    expect(plist.LSSupportsOpeningDocumentsInPlace).toBe(true);
    // In place, a file outside the sandbox is opened for reading before the web app reads it.
    expect(read('ios/App/App/SceneDelegate.swift')).toMatch(
      /openForReading\(URLContexts\)\s+SceneDelegateProxy\.shared\.scene\(scene, openURLContexts/,
    );
    expect(read('ios/App/App/SceneDelegate.swift')).toContain(
      'startAccessingSecurityScopedResource()',
    );
  });
});
