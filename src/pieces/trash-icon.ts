/**
 * The delete button's icon: ionicons' trash-outline, kept here rather than imported from
 * 'ionicons/icons'. Icons imported from that one module by a lazy page and by the shell share a
 * chunk of the initial JS: this one alone put ~300 B gzip into it (issue 36, W7), over the
 * 141 kB budget.
 */
export const TRASH_ICON =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 512 512' class='ionicon'><path d='m112 112 20 320c.95 18.49 14.4 32 32 32h184c17.67 0 30.87-13.51 32-32l20-320' stroke-linecap='round' stroke-linejoin='round' class='ionicon-fill-none ionicon-stroke-width'/><path d='M80 112h352' stroke-linecap='round' stroke-miterlimit='10' class='ionicon-stroke-width'/><path d='M192 112V72h0a23.93 23.93 0 0 1 24-24h80a23.93 23.93 0 0 1 24 24h0v40M256 176v224M184 176l8 224M328 176l-8 224' stroke-linecap='round' stroke-linejoin='round' class='ionicon-fill-none ionicon-stroke-width'/></svg>";
