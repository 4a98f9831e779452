import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './lazy-retry';
import './error-boundary.css';

/** What the player can copy and send: enough to find the bug, nothing personal (no audio, no history). */
export function errorReport(error: unknown, where: string, componentStack?: string): string {
  const e = error instanceof Error ? error : new Error(String(error));
  return [
    `Embouchure error report`,
    `Where: ${where}`,
    `When: ${new Date().toISOString()}`,
    `Page: ${typeof location === 'undefined' ? '' : location.pathname}`,
    `Version: ${import.meta.env.MODE}`,
    `Browser: ${typeof navigator === 'undefined' ? '' : navigator.userAgent}`,
    `Error: ${e.name}: ${e.message}`,
    `Stack: ${(e.stack ?? '').split('\n').slice(0, 8).join('\n')}`,
    componentStack ? `Components: ${componentStack.trim().split('\n').slice(0, 8).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

interface BoundaryProps {
  /** What failed, for the message: "The tuner", "History"… */
  name: string;
  /** 'page' fills the page; 'panel' is a box inside a page that keeps working around it. */
  kind: 'page' | 'panel';
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  componentStack?: string;
  /** Bumped by Retry: the children mount again from scratch. */
  attempt: number;
}

/**
 * Catches a render error in its children and shows what happened, Retry and a copyable report,
 * instead of React unmounting the whole app. A lazy chunk that could not be fetched says so
 * (offline, or removed by an update) and offers Reload.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? undefined });
    console.error(`${this.props.name} failed`, error);
  }

  retry = (): void => {
    this.setState((s) => ({ error: null, componentStack: undefined, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    const { error, attempt, componentStack } = this.state;
    if (!error) return <Retried key={attempt}>{this.props.children}</Retried>;
    const message = (
      <ErrorMessage
        name={this.props.name}
        kind={this.props.kind}
        error={error}
        componentStack={componentStack}
        onRetry={this.retry}
      />
    );
    // A page inside Ionic's router outlet must be an `.ion-page` to be shown at all (a plain
    // element: IonPage/IonContent would add Ionic's content component to the initial JS).
    return this.props.kind === 'page' ? (
      <div className="ion-page error-boundary-page">{message}</div>
    ) : (
      message
    );
  }
}

function Retried(props: { children: ReactNode }) {
  return <>{props.children}</>;
}

export function ErrorMessage(props: {
  name: string;
  kind: 'page' | 'panel';
  error: unknown;
  componentStack?: string;
  onRetry: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const chunk = isChunkLoadError(props.error);
  const report = errorReport(props.error, props.name, props.componentStack);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const copy = () => {
    // No clipboard API outside secure contexts: say how to copy by hand instead of throwing.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setCopied('Copying is not allowed here: select the report text below and copy it.');
      return;
    }
    clipboard.writeText(report).then(
      () => setCopied('Report copied: paste it into an email or issue.'),
      () => setCopied('Copying is not allowed here: select the report text below and copy it.'),
    );
  };
  return (
    <div
      className={`error-boundary error-boundary--${props.kind}`}
      role="alert"
      data-testid="error-boundary"
      data-kind={chunk ? 'chunk' : 'render'}
    >
      {chunk ? (
        <>
          <p className="error-boundary__title" data-testid="error-boundary-message">
            {offline
              ? "You're offline and this part of the app hasn't been saved for offline use yet."
              : 'This part of the app could not be loaded: an update may have replaced it.'}
          </p>
          <p>
            {offline
              ? 'Reconnect, then tap Reload. The rest of the app keeps working.'
              : 'Tap Reload to get the current version. The rest of the app keeps working.'}
          </p>
          <div className="error-boundary__buttons">
            <button
              type="button"
              data-testid="error-boundary-reload"
              onClick={() => window.location.reload()}
            >
              Reload
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="error-boundary__title" data-testid="error-boundary-message">
            {props.name} stopped working because of an error in the app. The rest of the app keeps
            working.
          </p>
          <div className="error-boundary__buttons">
            <button type="button" data-testid="error-boundary-retry" onClick={props.onRetry}>
              Retry
            </button>
            <button type="button" data-testid="error-boundary-copy" onClick={copy}>
              Copy report
            </button>
          </div>
          {copied && <p role="status">{copied}</p>}
          <details>
            <summary>Report</summary>
            <textarea
              readOnly
              className="error-boundary__report"
              data-testid="error-boundary-report"
              value={report}
              rows={8}
              aria-label="Error report"
            />
          </details>
        </>
      )}
    </div>
  );
}

/** A boundary around a whole page (tuner, exercise): the tab bar and other pages keep working. */
export function PageBoundary(props: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary name={props.name} kind="page">
      {props.children}
    </ErrorBoundary>
  );
}

/** A boundary around one panel of a page (a chart, the settings, an exercise). */
export function PanelBoundary(props: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary name={props.name} kind="panel">
      {props.children}
    </ErrorBoundary>
  );
}
