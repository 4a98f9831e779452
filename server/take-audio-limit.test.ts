// The account's limit on a take's audio, asked of the server directly: with the default request
// limit (4/3 of the audio limit and more, as on a real deployment), audio over the limit reaches
// the validation function and is refused with the sizes. Its own file: its own server, in memory.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_TAKE_AUDIO_BYTES } from '../src/storage/sync/sync-doc.ts';
import { cookieFetch } from './cookie-fetch.ts';
import { userDbName } from './design.ts';
import { startSyncServer, type SyncServer } from './sync-server.ts';

let server: SyncServer;
const json = { 'content-type': 'application/json' };
beforeAll(async () => {
  server = await startSyncServer({ inMemory: true });
});
afterAll(async () => {
  await server.close();
});

it(
  'audio over the account’s limit is refused by the validation, with the sizes',
  { timeout: 60_000 },
  async () => {
    const made = await fetch(`${server.url}/_users/org.couchdb.user:carol`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ name: 'carol', password: 'correct horse', roles: [], type: 'user' }),
    });
    expect(made.status).toBe(201);
    const carol = cookieFetch();
    await carol(`${server.url}/_session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'carol', password: 'correct horse' }),
    });
    const db = `${server.url}/${userDbName('carol')}`;
    for (let tries = 0; (await carol(db)).status !== 200;) {
      expect(++tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const put = (bytes: number) =>
      carol(`${db}/takeAudio%3Abig`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({
          _id: 'takeAudio:big',
          kind: 'takeAudio',
          updatedAtMs: 1_700_000_000_000,
          data: { takeId: 'big', mimeType: 'audio/webm', bytes },
          _attachments: {
            audio: { content_type: 'audio/webm', data: Buffer.alloc(bytes).toString('base64') },
          },
        }),
      });
    const over = await put(MAX_TAKE_AUDIO_BYTES + 3);
    expect(over.status).toBe(403);
    expect(((await over.json()) as { reason: string }).reason).toBe(
      "This take's audio and trace are 33554435 bytes; the account keeps at most 33554432 per take.",
    );
    // At the limit it is kept.
    expect((await put(MAX_TAKE_AUDIO_BYTES)).status).toBe(201);
  },
);
