/**
 * What the takes list says of a take's audio and the account (pure: the choice's one rule and its
 * sentence, shared by the list and the transfer, take-audio-sync.ts).
 */
import type { TakeMeta } from './take-format';

/** Whether this take's audio belongs in the account: its own choice, else the preference. */
export const wantsAudioInAccount = (meta: Pick<TakeMeta, 'keepAudio'>, keepAll: boolean): boolean =>
  meta.keepAudio ?? keepAll;

const megabytes = (bytes: number): string => (bytes / 1_000_000).toFixed(1) + ' MB';

/** The take's audio and the account, one line (a take recorded on this device). */
export function audioInAccountLine(
  meta: Pick<TakeMeta, 'keepAudio' | 'audioInAccount' | 'bytes'>,
  keepAll: boolean,
  maxBytes: number,
): string {
  const wanted = wantsAudioInAccount(meta, keepAll);
  if (wanted && meta.audioInAccount) return 'Audio kept in your account.';
  if (wanted && meta.bytes > maxBytes) {
    return `Too large for your account (${megabytes(meta.bytes)}; at most ${megabytes(maxBytes)}): its audio stays on this device.`;
  }
  if (wanted) return 'Audio goes to your account at the next sync.';
  if (meta.audioInAccount) return 'Audio leaves your account at the next sync.';
  return 'Audio on this device only.';
}
