import './panel-loading.css';

/**
 * What an opened panel shows while its code arrives, instead of an empty space: on a slow or
 * stalled network the player knows the tap worked (a stall ends in the boundary's message and
 * Reload, `lazy-retry.ts`).
 */
export function PanelLoading(props: { name: string }) {
  return (
    <p className="panel-loading" role="status" data-testid="panel-loading">
      Loading {props.name}…
    </p>
  );
}
