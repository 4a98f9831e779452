import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { askTabs, practisingAnywhere } from '../lib/practice-activity';
import './update-prompt.css';

/** 'waiting': a new version is installed; 'active': another tab applied it, this one runs the old. */
export type PromptMode = 'waiting' | 'active';

type Phase = 'idle' | 'checking' | 'held' | 'updating';

/**
 * "A new version is available": Reload applies it once no tab is mid-exercise (it waits, saying
 * so, while one is), Later dismisses (the next start picks it up).
 */
export function UpdatePrompt(props: {
  mode: PromptMode;
  onUpdate: () => Promise<void>;
  onDismiss: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');

  // Held: apply as soon as every tab has finished its exercise.
  useEffect(() => {
    if (phase !== 'held') return;
    const apply = (practising: boolean): void => {
      if (practising) return;
      setPhase('updating');
      props.onUpdate().catch((error: unknown) => {
        console.warn('service worker: update failed', error);
        setPhase('idle');
      });
    };
    const unsubscribe = practisingAnywhere.subscribe(apply);
    apply(practisingAnywhere.get());
    return unsubscribe;
  }, [phase, props]);

  const update = (): void => {
    if (props.mode === 'active') {
      setPhase('updating');
      void props.onUpdate();
      return;
    }
    setPhase('checking');
    void askTabs().then(() => setPhase('held'));
  };

  const text =
    props.mode === 'active'
      ? 'A new version of Embouchure is active. Reload when you have finished practising.'
      : phase === 'held' && practisingAnywhere.get()
        ? 'The update waits until the exercise running in this or another tab has finished.'
        : 'A new version of Embouchure is available.';
  return (
    <div
      className="update-prompt"
      role="alertdialog"
      aria-labelledby="update-prompt-text"
      data-testid="update-prompt"
      data-mode={props.mode}
      data-phase={phase}
    >
      <span id="update-prompt-text" data-testid="update-prompt-text">
        {text}
      </span>
      <button
        type="button"
        data-testid="update-reload"
        onClick={update}
        disabled={phase !== 'idle'}
      >
        {phase === 'idle' ? 'Reload' : phase === 'updating' ? 'Updating…' : 'Waiting…'}
      </button>
      <button type="button" className="update-prompt__later" onClick={props.onDismiss}>
        Later
      </button>
    </div>
  );
}

let current: { root: Root; container: HTMLElement } | null = null;

/**
 * Shows the prompt in its own small React root on top of the app: it needs nothing from the app
 * tree, and the shell stays unaware of service workers. A newer prompt replaces the shown one.
 */
export function showUpdatePrompt(applyUpdate: () => Promise<void>, mode: PromptMode): void {
  if (!current) {
    const container = document.createElement('div');
    container.dataset.updatePromptRoot = '';
    document.body.append(container);
    current = { root: createRoot(container), container };
  }
  const shown = current;
  const dismiss = () => {
    shown.root.unmount();
    shown.container.remove();
    if (current === shown) current = null;
  };
  shown.root.render(
    <UpdatePrompt key={mode} mode={mode} onUpdate={applyUpdate} onDismiss={dismiss} />,
  );
}
