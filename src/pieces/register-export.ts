/**
 * Puts the pieces library in the history's export file (issue 25), under the key `pieces`. Called
 * by the page that shows the history; the library's code is loaded only when a file is exported
 * or imported.
 */
import { registerExportSection } from '../history/history-file';

export function registerPiecesExport(): void {
  registerExportSection('pieces', {
    export: () => import('./pieces-export').then((m) => m.exportPieces()),
    import: (data) => import('./pieces-export').then((m) => m.importPieces(data)),
    contents: () => import('./pieces-export').then((m) => m.piecesContents()),
  });
}
