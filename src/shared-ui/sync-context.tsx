import { createContext } from 'react';
import type { SyncService } from '../storage/sync';

/**
 * How a screen reaches the account's sync without carrying its code: the shell provides a loader
 * (src/shell/sync-loader.ts, a chunk of its own), the account screen calls it (useSyncService in
 * src/settings-screen/AccountPanel.tsx, kept there so the first page's code holds only the context).
 */
export const SyncLoaderContext = createContext<(() => Promise<SyncService>) | null>(null);
