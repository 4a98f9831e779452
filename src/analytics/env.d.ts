/**
 * Whether this build has the analytics configuration (build/firebase-env.ts, decided once in
 * vite.config.ts): a literal, so in a build without it the code behind it is dropped.
 */
declare const __ANALYTICS_CONFIGURED__: boolean;

/** Firebase web configuration, from the environment at build time (README "Production"). */
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
}
