import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 15: history and settings must not go into Android backups without the player knowing.
const res = join(import.meta.dirname, '..', 'android', 'app', 'src', 'main');
const read = (path: string) => readFileSync(join(res, path), 'utf8');

describe('Android backups leave the practice data out', () => {
  it('the manifest turns backups off and points at rules for every Android version', () => {
    const manifest = read('AndroidManifest.xml');
    expect(manifest).toContain('android:allowBackup="false"');
    expect(manifest).toContain('android:fullBackupContent="@xml/backup_rules"');
    expect(manifest).toContain('android:dataExtractionRules="@xml/data_extraction_rules"');
  });

  it('cloud backup and device transfer both exclude the WebView data (IndexedDB, localStorage)', () => {
    const rules = read('res/xml/data_extraction_rules.xml');
    for (const section of ['cloud-backup', 'device-transfer']) {
      const body = new RegExp(`<${section}>([\\s\\S]*?)</${section}>`).exec(rules)?.[1] ?? '';
      expect(body, section).toContain('<exclude domain="root" path="app_webview/" />');
    }
    expect(read('res/xml/backup_rules.xml')).toContain(
      '<exclude domain="root" path="app_webview/" />',
    );
  });
});
