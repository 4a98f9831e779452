import type { TunerView } from '../settings';

const LABELS: Record<TunerView, string> = { needle: 'Needle', strobe: 'Strobe' };

/** Needle or strobe: a two-button switch on the tuner itself (one tap), remembered as a setting. */
export function TunerViewSwitch(props: { view: TunerView; onChange: (view: TunerView) => void }) {
  return (
    <div className="tuner-view-switch" role="group" aria-label="Tuner view">
      {(Object.keys(LABELS) as TunerView[]).map((view) => (
        <button
          key={view}
          type="button"
          className={props.view === view ? 'tuner-button tuner-button--on' : 'tuner-button'}
          data-testid={`tuner-view-${view}`}
          aria-pressed={props.view === view}
          onClick={() => props.onChange(view)}
        >
          {LABELS[view]}
        </button>
      ))}
    </div>
  );
}
