import { createContext, useContext, type ReactNode } from 'react';
import type { PitchService } from '../audio/stream/pitch-service-types';

const PitchServiceContext = createContext<PitchService | null>(null);

/** Makes the app's one pitch service available to every page (tests can pass a fake). */
export function PitchServiceProvider(props: { service: PitchService; children: ReactNode }) {
  return (
    <PitchServiceContext.Provider value={props.service}>
      {props.children}
    </PitchServiceContext.Provider>
  );
}

/** The app's pitch service. Read its values with `useObservable(service.pitchHz)`. */
export function usePitchService(): PitchService {
  const service = useContext(PitchServiceContext);
  if (!service) throw new Error('usePitchService: no <PitchServiceProvider> above this component');
  return service;
}
