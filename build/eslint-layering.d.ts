// Types of build/eslint-layering.js (plain JS: eslint.config.js loads it without a build step).
import type { ESLint } from 'eslint';

export const LAYERS: Readonly<Record<string, readonly string[]>>;
export const SUB_LAYERS: Readonly<Record<string, readonly (readonly string[])[]>>;
export const PURE_FILES: readonly string[];
export const layeringPlugin: ESLint.Plugin;
