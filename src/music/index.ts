// Public API of the pure music logic (no React, Ionic, Capacitor, Web Audio or DOM in here).
export * from './notes';
export * from './cents';
export * from './transposition';
export * from './fingerings';
export * from './partials';
export * from './smoothing';
