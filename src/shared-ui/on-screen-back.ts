/**
 * Marks the button that is "back" on a screen: an exercise's Back (setup → home, results →
 * setup), a running long tone's Finish, a rest's End routine, the warm-down's Finish, and Practice
 * while the history is shown. Android's hardware
 * back button presses the last visible one (src/shell/HardwareBack.tsx), so back means what that
 * button means, with whatever it saves or stops (what was played is already kept as a draft).
 */
export const ON_SCREEN_BACK_ATTRIBUTE = 'data-back';

/** Spread on the Back button: `<button {...onScreenBack}>`. */
export const onScreenBack = { [ON_SCREEN_BACK_ATTRIBUTE]: '' } as const;
