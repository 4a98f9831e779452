/** How long the UI waits for the history database (src/history/history-db.ts). */

/** Long enough for a busy phone, short enough that the player is told while still looking. */
export const DEFAULT_DEADLINE_MS = 6000;

/**
 * The deadline of bulk work over `count` attempts (an import, reading them all): the small
 * operation's, plus 1 ms per attempt. Chromium 156 writes ~4 000 attempts a second on a 2-core
 * desktop (100 000 in 25 s, one request each), so this leaves a phone about 4× slower.
 */
export const bulkDeadlineMs = (count: number, deadlineMs = DEFAULT_DEADLINE_MS): number =>
  deadlineMs + count;
