import { IonContent, IonModal } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { ModalHeader } from '../shared-ui/ModalHeader';
import { PrivacyPage } from './PrivacyPage';
import { SettingsContent } from './SettingsContent';
import {
  closeMove,
  hidePrivacyMove,
  settingsLayerOf,
  showPrivacyMove,
  type SettingsMove,
} from './settings-url';

/** Above Ionic's overlay handler (100), which would close the whole screen. */
const PRIVACY_BACK_PRIORITY = 101;

interface BackPress {
  register(priority: number, handler: () => void): void;
}

/**
 * The settings screen (issue 6) as a modal over the page that opened it, its privacy page inside
 * it; both in the URL (settings-url.ts). However it closes (Done, Escape, Back) the URL follows.
 * Android's back button on the privacy page returns to the settings (issue 36, H2); on the
 * settings, Ionic's overlay handler closes the screen.
 */
export default function SettingsModal(props: { isOpen: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const privacy = props.isOpen && settingsLayerOf(location.search) === 'privacy';
  const move = (next: SettingsMove | null): void => {
    if (!next) return;
    if (next.kind === 'back') navigate(-next.entries);
    else
      navigate(
        { pathname: location.pathname, search: next.search },
        { replace: next.replace, state: next.depth ? { settingsDepth: next.depth } : null },
      );
  };
  const close = (): void => {
    if (props.isOpen) move(closeMove(location.search, location.state));
  };
  const hidePrivacy = (): void => move(hidePrivacyMove(location.search, location.state));
  const latestHide = useRef(hidePrivacy);
  useEffect(() => {
    latestHide.current = hidePrivacy;
  });
  useEffect(() => {
    if (!privacy) return;
    const onBack = (event: Event): void =>
      (event as CustomEvent<BackPress>).detail.register(PRIVACY_BACK_PRIORITY, () =>
        latestHide.current(),
      );
    document.addEventListener('ionBackButton', onBack);
    return () => document.removeEventListener('ionBackButton', onBack);
  }, [privacy]);
  return (
    <IonModal
      className="settings-modal"
      // Ionic copies it onto the dialog element: a dialog needs a name (axe "aria-dialog-name").
      aria-label="Settings"
      data-testid="settings-screen"
      isOpen={props.isOpen}
      onDidDismiss={close}
    >
      <ModalHeader title="Settings" onClose={close} closeTestId="close-settings" />
      <IonContent className="ion-padding settings-screen">
        <PanelBoundary name="Settings">
          {privacy ? (
            <PrivacyPage onBack={hidePrivacy} />
          ) : (
            <SettingsContent
              onShowPrivacy={() => move(showPrivacyMove(location.search, location.state))}
            />
          )}
        </PanelBoundary>
      </IonContent>
    </IonModal>
  );
}
