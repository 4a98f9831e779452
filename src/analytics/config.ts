/**
 * The hosted analytics backend's configuration (product specification: apiKey, authDomain,
 * projectId, storageBucket, messagingSenderId, appId, measurementId). Supplied by environment
 * variables `VITE_FIREBASE_*` at build time, never written in the repository; the names are
 * mirrored in `build/firebase-env.ts`, which widens the CSP for a configured build.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId: string;
  measurementId: string;
}

export type FirebaseEnv = Partial<Record<`VITE_FIREBASE_${string}`, string | undefined>>;

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The configuration, or undefined when analytics is not configured: then the app loads no
 * analytics code and makes no third-party request. apiKey, projectId, appId and measurementId
 * are required (Analytics cannot start without them); the other fields are optional.
 */
export function firebaseConfigFrom(env: FirebaseEnv): FirebaseWebConfig | undefined {
  const apiKey = present(env.VITE_FIREBASE_API_KEY);
  const projectId = present(env.VITE_FIREBASE_PROJECT_ID);
  const appId = present(env.VITE_FIREBASE_APP_ID);
  const measurementId = present(env.VITE_FIREBASE_MEASUREMENT_ID);
  if (!apiKey || !projectId || !appId || !measurementId) return undefined;
  const optional = {
    authDomain: present(env.VITE_FIREBASE_AUTH_DOMAIN),
    storageBucket: present(env.VITE_FIREBASE_STORAGE_BUCKET),
    messagingSenderId: present(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
  };
  return {
    apiKey,
    projectId,
    appId,
    measurementId,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
