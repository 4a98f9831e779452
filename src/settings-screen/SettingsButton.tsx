import { IonButton, IonButtons } from '@ionic/react';
import { settingsOutline } from 'ionicons/icons';
import { Icon } from '../shared-ui/Icon';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';

// The modal and the settings content are their own chunk, fetched on the first tap (initial JS
// budget, README "Bundle size"); the button alone travels with each page.
const SettingsModal = lazyWithRetry(() => import('./SettingsModal'));

/**
 * The gear button for a page header's toolbar (`<IonToolbar>…<SettingsButton /></IonToolbar>`),
 * opening the settings screen as a modal: no route, no tab. Ionic moves focus into the modal
 * and back to the button; Escape closes it (and Android's back button, once `@capacitor/app` is
 * installed), and so does any navigation away from the page.
 */
export function SettingsButton() {
  const { pathname } = useLocation();
  // The path it was opened at: leaving it (the browser's or Android's back) closes the screen.
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Mounted from the first tap on, so the chunk is not fetched before it is needed.
  const [requested, setRequested] = useState(false);
  return (
    <>
      <IonButtons slot="end">
        <IonButton
          aria-label="Settings"
          data-testid="open-settings"
          onClick={() => {
            setRequested(true);
            setOpenAt(pathname);
          }}
        >
          <Icon slot="icon-only" icon={settingsOutline} />
        </IonButton>
      </IonButtons>
      {requested && (
        <PanelBoundary name="Settings">
          <Suspense fallback={null}>
            <SettingsModal isOpen={openAt === pathname} onClose={() => setOpenAt(null)} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
