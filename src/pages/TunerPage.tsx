import { Suspense, useEffect, useState } from 'react';
import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { PitchStatusBanner } from '../shared-ui/PitchStatusBanner';
import { fourthValveFor, getInstrument } from '../music';
import { getSettingsStore, useSettings } from '../settings';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { CentsGauge } from '../tuner/CentsGauge';
import { FingeringView } from '../tuner/FingeringView';
import { InputLevelMeter } from '../tuner/InputLevelMeter';
import { TargetLine } from '../tuner/TargetLine';
import { TemperamentNotice } from '../tuner/TemperamentNotice';
import { PedalOffer } from '../tuner/PedalOffer';
import { useJustFollowsDrone } from '../tuner/use-just-follows-drone';
import { PanelToggle } from '../tuner/PanelToggle';
import { PitchTrace } from '../tuner/PitchTrace';
import { formatCents, noPitchText, noteLabels } from '../tuner/tuner-display';
import { StrobeView } from '../tuner/StrobeView';
import { fingeringNote, hintLine } from '../tuner/tuner-hint';
import { TunerViewSwitch } from '../tuner/TunerViewSwitch';
import { TakesBar } from '../takes/TakesBar';
import { useAnnouncement } from '../tuner/use-announcement';
import { useTunerDisplay } from '../tuner/use-tuner-display';
import { afterFirstPitch } from '../shared-ui/after-first-pitch';
import { lazyWithRetry } from '../shared-ui/lazy-retry';
import { PanelLoading } from '../shared-ui/PanelLoading';
import { withStallLimit } from '../shared-ui/stall-limit';
import '../tuner/tuner.css';

// The drone, metronome and Set A4 panels open on a tap: their code is not needed for the first
// pitch, so it is fetched after it (issue 23 row 16, docs/benchmarks.md "Start-up time").
// A stalled request ends in the panel boundary's Reload, not an empty panel (stall-limit.ts).
const loadPanels = () => withStallLimit(import('./tuner-panels'));
const DroneControl = lazyWithRetry(async () => ({ default: (await loadPanels()).DroneControl }));
const MetronomePanel = lazyWithRetry(async () => ({
  default: (await loadPanels()).MetronomePanel,
}));
const ListenForA4 = lazyWithRetry(async () => ({ default: (await loadPanels()).ListenForA4 }));

const VERDICT_TEXT = { flat: 'Flat — push up', 'in-tune': 'In tune', sharp: 'Sharp — bring down' };
const VERDICT_SYMBOL = { flat: '▼', 'in-tune': '✓', sharp: '▲' };

/**
 * `/home/tuner`: the live tuner. On a phone the first screen is the note, the needle (or strobe)
 * and the cents; the view and the drone are one tap away; fingering and trace follow. Settings
 * live in the settings screen only (the gear).
 */
export default function TunerPage() {
  const service = usePitchService();
  const store = getSettingsStore();
  const settings = useSettings(store);
  const { display, signal, motion } = useTunerDisplay(service, settings);
  // Just intonation lives and ends with the drone it is aimed at (issue 23 row 4).
  useJustFollowsDrone();
  const [droneOpen, setDroneOpen] = useState(false);
  const [metronomeOpen, setMetronomeOpen] = useState(false);
  const [listenOpen, setListenOpen] = useState(false);
  // Mounted from their first opening on, then kept (a playing drone or metronome keeps playing
  // when its panel closes); nothing can be playing in a panel that was never opened.
  const [droneMounted, setDroneMounted] = useState(false);
  const [metronomeMounted, setMetronomeMounted] = useState(false);
  useEffect(() => {
    // Fetched after the first pitch (or 3 s), so a first tap opens at once, offline too.
    void afterFirstPitch(service)
      .then(loadPanels)
      .catch(() => undefined);
  }, [service]);
  const spoken = useAnnouncement(display, settings.transposition, settings.spelling);
  const instrument = getInstrument(settings.transposition);
  const isConcert = instrument.id === 'concert';
  // Written by the player's spelling preference, concert by interval (B♭4 → concert A♭4).
  const labels = display.hasPitch
    ? noteLabels(display.writtenMidi, settings.transposition, settings.spelling)
    : null;
  // Tendency always, its fix only when the reading leans that way (tuner-hint.ts).
  const hint = hintLine(display, settings.transposition, settings.inTuneCents, settings.spelling);
  // In concert pitch, the B♭ trumpet's fingering (concert A4 = written B4 = 2).
  const fingered = display.hasPitch
    ? fingeringNote(display.writtenMidi, settings.transposition, settings.spelling)
    : null;

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
          data-note={labels ? labels.noteAscii : ''}
          data-concert-note={labels ? labels.concertNoteAscii : ''}
          data-cents={formatCents(display)}
          data-hz={display.hasPitch ? display.hz.toFixed(1) : ''}
          data-signal={signal}
          aria-label="Tuner reading"
        >
          <div className="tuner-reading__instrument">
            {isConcert ? 'Concert pitch' : `${instrument.name} · written pitch`}
          </div>
          <div className="tuner-reading__note" data-testid="tuner-note">
            {labels ? labels.note : '—'}
          </div>
          <div className="tuner-reading__concert" data-testid="tuner-concert">
            {labels && !isConcert ? `Concert ${labels.concertNote}` : ' '}
          </div>
          {/* Partial, tendency and fix for the note on the chosen instrument's chart. */}
          <div className="tuner-reading__hint" data-testid="tuner-hint">
            {hint ?? ' '}
          </div>
          <TargetLine display={display} settings={settings} />
          <TemperamentNotice settings={settings} />
          {settings.tunerView === 'strobe' ? (
            <StrobeView motion={motion} inTuneCents={settings.inTuneCents} />
          ) : (
            <CentsGauge
              cents={display.hasPitch ? display.cents : null}
              inTuneCents={settings.inTuneCents}
              motion={motion}
            />
          )}
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
              <PedalOffer signal={signal} pedalTones={settings.pedalTones} />
            </div>
          )}
          <InputLevelMeter service={service} />
        </section>
        <div className="tuner-tools">
          <TunerViewSwitch
            view={settings.tunerView}
            onChange={(tunerView) => store.update({ tunerView })}
          />
          <PanelToggle
            label="Drone"
            open={droneOpen}
            panelId="tuner-drone-panel"
            testId="drone-open"
            onToggle={() => {
              setDroneMounted(true);
              setDroneOpen((open) => !open);
            }}
          />
          <PanelToggle
            label="Metronome"
            open={metronomeOpen}
            panelId="tuner-metronome-panel"
            testId="metronome-open"
            onToggle={() => {
              setMetronomeMounted(true);
              setMetronomeOpen((open) => !open);
            }}
          />
          <PanelToggle
            label="Set A4"
            open={listenOpen}
            panelId="tuner-listen-panel"
            testId="listen-open"
            onToggle={() => setListenOpen((open) => !open)}
          />
        </div>
        {/* Kept mounted when closed: a drone that is playing keeps playing. */}
        <div id="tuner-drone-panel" hidden={!droneOpen}>
          {droneMounted && (
            <PanelBoundary name="The drone">
              <Suspense fallback={<PanelLoading name="the drone" />}>
                <DroneControl />
              </Suspense>
            </PanelBoundary>
          )}
        </div>
        {/* Kept mounted when closed: a metronome that is playing keeps playing. */}
        <div id="tuner-metronome-panel" hidden={!metronomeOpen}>
          {metronomeMounted && (
            <PanelBoundary name="The metronome">
              <Suspense fallback={<PanelLoading name="the metronome" />}>
                <MetronomePanel />
              </Suspense>
            </PanelBoundary>
          )}
        </div>
        {listenOpen && (
          <div id="tuner-listen-panel">
            <PanelBoundary name="Listen for A4">
              <Suspense fallback={<PanelLoading name="Listen for A4" />}>
                <ListenForA4 />
              </Suspense>
            </PanelBoundary>
          </div>
        )}
        <div className="visually-hidden" aria-live="polite" data-testid="tuner-announcement">
          {spoken}
        </div>
        <PanelBoundary name="The fingering chart">
          <FingeringView
            writtenMidi={fingered ? fingered.writtenMidi : null}
            noteLabel={fingered ? fingered.name : ''}
            instrumentLabel={fingered?.instrumentLabel ?? null}
            fourthValve={
              fingered ? fourthValveFor(fingered.writtenMidi, settings.transposition) : null
            }
          />
        </PanelBoundary>
        <PanelBoundary name="The pitch trace">
          <PitchTrace
            service={service}
            transposition={settings.transposition}
            a4Hz={settings.a4Hz}
            inTuneCents={settings.inTuneCents}
            spelling={settings.spelling}
          />
        </PanelBoundary>
      </IonContent>
      <TakesBar source="tuner" />
    </IonPage>
  );
}
