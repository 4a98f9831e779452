import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextFile } from './save-file';

// The plugin faked at the module boundary: save-file imports it lazily, the mock answers.
const plugin = vi.hoisted(() => ({
  writeFile: vi.fn<(options: Record<string, unknown>) => Promise<{ uri: string }>>(),
}));
vi.mock('@capacitor/filesystem', () => ({
  Filesystem: plugin,
  Directory: { Documents: 'DOCUMENTS' },
  Encoding: { UTF8: 'utf8' },
}));

const { browserDownload, createFileSaver, SaveFileError } = await import('./save-file');

const file: TextFile = {
  name: 'embouchure-history-2026-11-22.json',
  text: '{"format":"embouchure-history"}',
  mimeType: 'application/json',
};

describe('createFileSaver on Android/iOS (@capacitor/filesystem)', () => {
  beforeEach(() => vi.resetAllMocks());

  it('writes UTF-8 to Documents and says where', async () => {
    plugin.writeFile.mockResolvedValueOnce({
      uri: 'file:///storage/emulated/0/Documents/embouchure-history-2026-11-22.json',
    });
    const download = vi.fn();
    const saved = await createFileSaver({ platform: () => 'android', download })(file);
    expect(plugin.writeFile).toHaveBeenCalledExactlyOnceWith({
      path: 'embouchure-history-2026-11-22.json',
      data: file.text,
      directory: 'DOCUMENTS',
      encoding: 'utf8',
      recursive: true,
    });
    expect(download).not.toHaveBeenCalled();
    expect(saved).toEqual({
      kind: 'file',
      name: file.name,
      location: 'Documents/embouchure-history-2026-11-22.json',
      hint: 'Find it with the Files app, in Documents.',
      uri: 'file:///storage/emulated/0/Documents/embouchure-history-2026-11-22.json',
    });
  });

  it('on iOS points to the Files app folder', async () => {
    plugin.writeFile.mockResolvedValueOnce({ uri: 'file:///var/mobile/…/Documents/x.json' });
    const saved = await createFileSaver({ platform: () => 'ios' })(file);
    expect(saved).toMatchObject({
      kind: 'file',
      location: 'Documents/embouchure-history-2026-11-22.json',
      hint: expect.stringMatching(/Files app: On My iPhone .*› Embouchure/),
    });
  });

  it('a plugin failure rejects with the reason and advice, never silently', async () => {
    plugin.writeFile.mockRejectedValueOnce(
      new Error('Unable to do file operation, user denied permission request.'),
    );
    const error = await createFileSaver({ platform: () => 'android' })(file).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SaveFileError);
    expect(error).toMatchObject({
      reason: 'Unable to do file operation, user denied permission request',
      advice: expect.stringMatching(/allow access to files/),
    });
  });
});

describe('createFileSaver on the web', () => {
  beforeEach(() => vi.resetAllMocks());

  it('hands the file to the browser download and never touches the plugin', async () => {
    const download = vi.fn<(f: TextFile) => void>();
    const saved = await createFileSaver({ platform: () => 'web', download })(file);
    expect(download).toHaveBeenCalledExactlyOnceWith(file);
    expect(plugin.writeFile).not.toHaveBeenCalled();
    expect(saved).toEqual({ kind: 'download', name: file.name });
  });

  it('a download that throws rejects with a SaveFileError', async () => {
    const download = () => {
      throw new Error('Blob is not supported');
    };
    await expect(createFileSaver({ platform: () => 'web', download })(file)).rejects.toMatchObject({
      name: 'SaveFileError',
      reason: 'Blob is not supported',
      advice: expect.stringMatching(/allows downloads/),
    });
  });
});

describe('browserDownload', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('clicks an <a download> on an object URL of the JSON, revoked later', async () => {
    vi.useFakeTimers();
    const link = { href: '', download: '', click: vi.fn() };
    vi.stubGlobal('document', { createElement: vi.fn(() => link) });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    browserDownload(file);
    expect(link).toMatchObject({ href: 'blob:test/1', download: file.name });
    expect(link.click).toHaveBeenCalledOnce();
    const blob = create.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(file.text);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
