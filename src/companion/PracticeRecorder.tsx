import { useEffect } from 'react';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { getPracticeDaysStore } from './practice-recorder';

/** Mounted once by the app (lazily, not initial JS): counts minutes on the face everywhere. */
export function PracticeRecorder() {
  const service = usePitchService();
  useEffect(() => getPracticeDaysStore().listen(service), [service]);
  return null;
}
