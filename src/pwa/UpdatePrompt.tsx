import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './update-prompt.css';

/** "A new version is available": reload now (applies it) or later (next start picks it up). */
export function UpdatePrompt(props: { onUpdate: () => Promise<void>; onDismiss: () => void }) {
  const [updating, setUpdating] = useState(false);
  const update = () => {
    setUpdating(true);
    props.onUpdate().catch((error: unknown) => {
      console.warn('service worker: update failed', error);
      setUpdating(false);
    });
  };
  return (
    <div
      className="update-prompt"
      role="alertdialog"
      aria-labelledby="update-prompt-text"
      data-testid="update-prompt"
    >
      <span id="update-prompt-text">A new version of Embouchure is available.</span>
      <button type="button" data-testid="update-reload" onClick={update} disabled={updating}>
        {updating ? 'Updating…' : 'Reload'}
      </button>
      <button type="button" className="update-prompt__later" onClick={props.onDismiss}>
        Later
      </button>
    </div>
  );
}

/**
 * Shows the prompt in its own small React root on top of the app: it needs nothing from the app
 * tree, and the shell stays unaware of service workers.
 */
export function showUpdatePrompt(applyUpdate: () => Promise<void>): void {
  if (document.querySelector('[data-update-prompt-root]')) return;
  const container = document.createElement('div');
  container.dataset.updatePromptRoot = '';
  document.body.append(container);
  const root = createRoot(container);
  const dismiss = () => {
    root.unmount();
    container.remove();
  };
  root.render(<UpdatePrompt onUpdate={applyUpdate} onDismiss={dismiss} />);
}
