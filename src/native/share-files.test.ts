import { describe, expect, it } from 'vitest';
import { createFileSharer, type BinaryFile } from './share-files';
import { SaveFileError } from './save-file';

const files: BinaryFile[] = [
  { name: 'take.webm', blob: new Blob([new Uint8Array(3)]) },
  { name: 'take.json', blob: new Blob(['{}']) },
];

describe('sharing exported files', () => {
  it('web: one browser download per file, in order', async () => {
    const downloaded: string[] = [];
    const share = createFileSharer({
      platform: () => 'web',
      download: (f) => downloaded.push(f.name),
    });
    await expect(share(files, 'Take')).resolves.toEqual({
      kind: 'download',
      names: ['take.webm', 'take.json'],
    });
    expect(downloaded).toEqual(['take.webm', 'take.json']);
  });

  it('web: a refused download is a SaveFileError with advice', async () => {
    const share = createFileSharer({
      platform: () => 'web',
      download: () => {
        throw new Error('blocked');
      },
    });
    await expect(share(files, 'Take')).rejects.toBeInstanceOf(SaveFileError);
    await expect(share(files, 'Take')).rejects.toThrow('allows downloads');
  });
});
