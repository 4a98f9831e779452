import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { usePitchService } from '../app/pitch-service-context';
import { PanelBoundary } from '../app/ErrorBoundary';
import { PitchStatusBanner } from '../app/PitchStatusBanner';
import { getInstrument } from '../music';
import { getSettingsStore, useSettings } from '../settings';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { CentsGauge } from '../tuner/CentsGauge';
import { DroneControl } from '../tuner/DroneControl';
import { FingeringView } from '../tuner/FingeringView';
import { InputLevelMeter } from '../tuner/InputLevelMeter';
import { PitchTrace } from '../tuner/PitchTrace';
import { formatCents, noPitchText } from '../tuner/tuner-display';
import { TunerSettingsPanel } from '../tuner/TunerSettingsPanel';
import { useAnnouncement } from '../tuner/use-announcement';
import { useTunerDisplay } from '../tuner/use-tuner-display';
import '../tuner/tuner.css';

const VERDICT_TEXT = { flat: 'Flat — push up', 'in-tune': 'In tune', sharp: 'Sharp — bring down' };
const VERDICT_SYMBOL = { flat: '▼', 'in-tune': '✓', sharp: '▲' };

/** `/home/tuner`: the live tuner. */
export default function TunerPage() {
  const service = usePitchService();
  const store = getSettingsStore();
  const settings = useSettings(store);
  const { display, signal } = useTunerDisplay(service, settings);
  const spoken = useAnnouncement(display, settings.transposition);
  const instrument = getInstrument(settings.transposition);
  const isConcert = instrument.id === 'concert';

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Tuner</IonTitle>
          <SettingsButton />
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding tuner-page">
        <PitchStatusBanner />
        <section
          className={`tuner-reading tuner-reading--${display.hasPitch ? display.verdict : 'none'}`}
          data-testid="tuner-reading"
          data-note={display.hasPitch ? display.noteAscii : ''}
          data-concert-note={display.hasPitch ? display.concertNoteAscii : ''}
          data-cents={formatCents(display)}
          data-hz={display.hasPitch ? display.hz.toFixed(1) : ''}
          data-signal={signal}
          aria-label="Tuner reading"
        >
          <div className="tuner-reading__instrument">
            {isConcert ? 'Concert pitch' : `${instrument.name} · written pitch`}
          </div>
          <div className="tuner-reading__note" data-testid="tuner-note">
            {display.hasPitch ? display.note : '—'}
          </div>
          <div className="tuner-reading__concert">
            {display.hasPitch && !isConcert ? `Concert ${display.concertNote}` : ' '}
          </div>
          <CentsGauge
            cents={display.hasPitch ? display.cents : null}
            inTuneCents={settings.inTuneCents}
          />
          <InputLevelMeter service={service} />
          {display.hasPitch ? (
            <div className="tuner-reading__verdict">
              <span className="tuner-reading__cents">{formatCents(display)} ¢</span>{' '}
              <span>
                {VERDICT_SYMBOL[display.verdict]} {VERDICT_TEXT[display.verdict]}
              </span>
              <div className="tuner-reading__hz">{display.hz.toFixed(1)} Hz</div>
            </div>
          ) : (
            <div className="tuner-reading__verdict tuner-reading__nosignal" data-testid="no-signal">
              {noPitchText(signal)}
              <div className="tuner-reading__hz">A4 = {settings.a4Hz} Hz</div>
            </div>
          )}
        </section>
        <div className="visually-hidden" aria-live="polite" data-testid="tuner-announcement">
          {spoken}
        </div>
        <PanelBoundary name="The fingering chart">
          <FingeringView
            writtenMidi={display.hasPitch ? display.writtenMidi : null}
            noteLabel={display.hasPitch ? display.note : ''}
          />
        </PanelBoundary>
        <PanelBoundary name="The pitch trace">
          <PitchTrace
            service={service}
            transposition={settings.transposition}
            a4Hz={settings.a4Hz}
            inTuneCents={settings.inTuneCents}
          />
        </PanelBoundary>
        <PanelBoundary name="The drone">
          <DroneControl transposition={settings.transposition} a4Hz={settings.a4Hz} />
        </PanelBoundary>
        <PanelBoundary name="The tuner settings">
          <TunerSettingsPanel settings={settings} store={store} service={service} />
        </PanelBoundary>
      </IonContent>
    </IonPage>
  );
}
