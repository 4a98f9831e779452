/**
 * The Firebase web configuration comes from the environment at build time, never from the
 * repository: `VITE_FIREBASE_API_KEY`, `…_AUTH_DOMAIN`, `…_PROJECT_ID`, `…_STORAGE_BUCKET`,
 * `…_MESSAGING_SENDER_ID`, `…_APP_ID`, `…_MEASUREMENT_ID` (see README "Production").
 * Mirrors `src/analytics/config.ts`, which reads the same names from `import.meta.env`.
 */
export const FIREBASE_ENV_NAMES = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_MEASUREMENT_ID',
] as const;

/** Analytics needs at least these (the others are optional for Analytics alone). */
const REQUIRED = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_MEASUREMENT_ID',
];

export function hasFirebaseConfig(env: Readonly<Record<string, string | undefined>>): boolean {
  return REQUIRED.every((name) => (env[name] ?? '').trim() !== '');
}
