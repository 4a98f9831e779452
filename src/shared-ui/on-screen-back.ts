/**
 * Marks a page's own Back button (an exercise's setup → home, results → setup). Android's
 * hardware back button presses the innermost visible one (src/shell/HardwareBack.tsx), so back
 * means what the screen's own Back means, with whatever it saves or stops.
 */
export const ON_SCREEN_BACK_ATTRIBUTE = 'data-back';

/** Spread on the Back button: `<button {...onScreenBack}>`. */
export const onScreenBack = { [ON_SCREEN_BACK_ATTRIBUTE]: '' } as const;
