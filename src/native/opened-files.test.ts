import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bytesOf, nameFromUrl, openedUrls } from './opened-files';

// The plugins faked at the module boundary (imported lazily, native only).
const filesystem = vi.hoisted(() => ({
  stat: vi.fn<(options: { path: string }) => Promise<{ name: string; size: number }>>(),
  readFile: vi.fn<(options: { path: string }) => Promise<{ data: string }>>(),
}));
vi.mock('@capacitor/filesystem', () => ({ Filesystem: filesystem }));
const app = vi.hoisted(() => ({
  listeners: [] as ((event: { url: string }) => void)[],
  removed: 0,
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: (eventName: string, listener: (event: { url: string }) => void) => {
      expect(eventName).toBe('appUrlOpen');
      app.listeners.push(listener);
      const remove = (): Promise<void> => {
        app.removed++;
        return Promise.resolve();
      };
      return Promise.resolve({ remove });
    },
  },
}));

const URL_ = 'content://media/external/file/42';
const base64 = (text: string) => btoa(text);

describe('a file opened with the app', () => {
  beforeEach(() => vi.resetAllMocks());

  it('is named and sized before it is read; its bytes are read on demand', async () => {
    filesystem.stat.mockResolvedValue({ name: 'Arban 1.musicxml', size: 11 });
    filesystem.readFile.mockResolvedValue({ data: base64('<score-1/>') });
    const file = await openedUrls.open(URL_);
    expect([file.name, file.size]).toEqual(['Arban 1.musicxml', 11]);
    expect(filesystem.readFile).not.toHaveBeenCalled();
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('<score-1/>');
    expect(filesystem.readFile).toHaveBeenCalledWith({ path: URL_ });
  });

  it('without metadata: named from its URL and sized by reading it', async () => {
    filesystem.stat.mockRejectedValue(new Error('not supported'));
    filesystem.readFile.mockResolvedValue({ data: base64('{"a":1}') });
    const file = await openedUrls.open('file:///Inbox/Homework%20(assignment).json');
    expect([file.name, file.size]).toEqual(['Homework (assignment).json', 7]);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('{"a":1}');
  });

  it('a read that fails rejects with the plugin reason', async () => {
    filesystem.stat.mockResolvedValue({ name: 'x.mxl', size: 3 });
    filesystem.readFile.mockRejectedValue(new Error('Permission denied.'));
    const file = await openedUrls.open(URL_);
    await expect(file.arrayBuffer()).rejects.toThrow(/^Permission denied$/);
  });

  it('URLs are heard through appUrlOpen until stopped', async () => {
    const heard: string[] = [];
    const stop = await openedUrls.listen((url) => heard.push(url));
    app.listeners.forEach((listener) => listener({ url: URL_ }));
    stop();
    expect(heard).toEqual([URL_]);
    expect(app.removed).toBe(1);
  });
});

describe('helpers', () => {
  it.each([
    ['file:///Inbox/Arban%201.musicxml', 'Arban 1.musicxml'],
    ['content://provider/attachments/0?x=1', '0'],
    ['content://provider/bad%E0', 'bad%E0'],
    ['file:///dir/', 'dir'],
  ])('nameFromUrl(%s) = %s', (url, name) => {
    expect(nameFromUrl(url)).toBe(name);
  });

  it('bytesOf decodes base64 and passes a Blob through', async () => {
    expect([...new Uint8Array(await bytesOf(btoa('\u0000\u00ffA')))]).toEqual([0, 255, 65]);
    expect(new Uint8Array(await bytesOf(new Blob([new Uint8Array([7, 8])])))).toEqual(
      new Uint8Array([7, 8]),
    );
  });
});
