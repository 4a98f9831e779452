import { IonButton, IonButtons } from '@ionic/react';
import { settingsOutline } from 'ionicons/icons';
import { Icon } from '../shared-ui/Icon';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';

// The modal and the settings content are their own chunk, fetched on the first tap (initial JS
// budget, README "Bundle size"); the button alone travels with each page.
const SettingsModal = lazyWithRetry(() => import('./SettingsModal'));

/**
 * The gear button for a page header's toolbar (`<IonToolbar>…<SettingsButton /></IonToolbar>`),
 * opening the settings screen as a modal over the page. The screen is in the URL (`?settings` on
 * the page it was opened from, `?settings=privacy` for its privacy page: settings-url.ts), so the
 * browser's Back and Android's back button close the top layer only (issue 36, H2: Back from
 * settings on the tuner used to land on the tab below). Ionic moves focus into the modal and
 * back to the button; Escape and Done close it.
 */
export function SettingsButton() {
  const location = useLocation();
  const navigate = useNavigate();
  // The tab this button lives on: Ionic keeps other tabs' pages mounted, and only the button of
  // the page on screen may open the screen.
  const [tabPath] = useState(() => location.pathname.split('/').slice(0, 3).join('/'));
  const open =
    location.pathname.startsWith(tabPath) && new URLSearchParams(location.search).has('settings');
  // Mounted from the first tap on (or a link with `?settings`), so the chunk is not fetched
  // before it is needed.
  const [requested, setRequested] = useState(open);
  if (open && !requested) setRequested(true);
  return (
    <>
      <IonButtons slot="end">
        <IonButton
          aria-label="Settings"
          data-testid="open-settings"
          onClick={() => {
            // Already open (a reload or a link with `?settings`): no second entry, or closing
            // would go back to the first and leave the screen open.
            if (open) return;
            // Pushed: the entry's state says so, and closing goes back over it.
            navigate({ search: '?settings' }, { state: { settingsDepth: 1 } });
          }}
        >
          <Icon slot="icon-only" icon={settingsOutline} />
        </IonButton>
      </IonButtons>
      {requested && (
        <PanelBoundary name="Settings">
          <Suspense fallback={null}>
            <SettingsModal isOpen={open} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
