/* eslint-disable max-lines -- Over 300 lines: the account screen (sign in and up, status, what syncs) in one component; not split in issue 41 step 1. */
import { useContext, useEffect, useId, useState, type FormEvent } from 'react';
import { useObservable } from '../lib/use-observable';
import { getPreferencesStore } from '../settings/preferences';
import { SyncLoaderContext } from '../shared-ui/sync-context';
import type { SyncService } from '../storage/sync';
import { refusedText, syncStatusText } from './sync-status-text';

/** What an account syncs and what stays here, said before anything is sent (issue 35). */
export const WHAT_SYNCS =
  'An account is optional. With one, your history, your pieces with their attempts, the details of your takes (name, date, length, notes), your practice settings, the theme, your routine and exercise setups, the drone’s sound, your practice minutes, your daily goal and metronome presets are kept on the sync server and on every device you sign in on, and come back on a new device.';
export const WHAT_STAYS =
  "Stays on this device: takes' audio and pitch trace (unless you keep them in your account), reminders, the analytics choice and everything else the microphone hears. Practice works the same signed out or offline; nothing is sent until you sign in, and your password is never stored.";

/** The sync service once its code has loaded (null meanwhile, or when none is provided). */
function useSyncService(): { service: SyncService | null; error: string | null } {
  const load = useContext(SyncLoaderContext);
  const [service, setService] = useState<SyncService | null>(null);
  const [error, setError] = useState<string | null>(
    load ? null : 'Accounts are not available in this build of the app.',
  );
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setService(loaded);
      },
      (failure: unknown) => {
        if (live)
          setError(`The account screen could not load (${String(failure)}): reload the app.`);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return { service, error };
}

/** Settings → Account: sign up, sign in, the sync's status, sign out, delete the account. */
export function AccountPanel() {
  const { service, error } = useSyncService();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="account">
      <h2 id={headingId}>Account</h2>
      {error ? (
        <p role="alert" className="account__error">
          {error}
        </p>
      ) : service ? (
        <AccountBody service={service} />
      ) : (
        <p className="settings-screen__note">Loading the account…</p>
      )}
    </section>
  );
}

function useNow(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function AccountBody({ service }: { service: SyncService }) {
  const account = useObservable(service.account);
  const status = useObservable(service.status);
  const refused = useObservable(service.refused);
  const now = useNow(30_000);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const act = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (failure) {
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!account) {
    return (
      <>
        <p className="settings-screen__note">{WHAT_SYNCS}</p>
        <p className="settings-screen__note">{WHAT_STAYS}</p>
        <AccountForm
          service={service}
          busy={busy}
          onSubmit={(mode, server, name, password) =>
            void act(() =>
              mode === 'sign-up'
                ? service.signUp(server, name, password)
                : service.signIn(server, name, password),
            )
          }
        />
        {problem && (
          <p role="alert" className="account__error" data-testid="account-error">
            {problem}
          </p>
        )}
      </>
    );
  }

  const notice = refusedText(refused);
  return (
    <>
      <p className="settings-screen__note" data-testid="account-name">
        Signed in as <strong>{account.name}</strong> on {account.serverUrl}. Everything on this
        device syncs with this account.
      </p>
      <p
        className="account__status"
        data-testid="sync-status"
        data-state={status.state}
        role="status"
      >
        {syncStatusText(status, now)}
      </p>
      {status.state === 'paused' && (
        <AccountForm
          service={service}
          busy={busy}
          signInOnly
          name={account.name}
          server={account.serverUrl}
          onSubmit={(_mode, server, name, password) =>
            void act(() => service.signIn(server, name, password))
          }
        />
      )}
      <TakeAudioChoice />
      {notice && (
        <p className="settings-screen__note" data-testid="sync-refused">
          {notice}
        </p>
      )}
      <div className="account__actions">
        <button
          type="button"
          className="account__button"
          disabled={busy || status.state === 'syncing'}
          onClick={() => service.syncNow()}
        >
          Sync now
        </button>
        <button
          type="button"
          className="account__button"
          disabled={busy}
          data-testid="sign-out"
          onClick={() => void act(() => service.signOut())}
        >
          Sign out
        </button>
        {!deleting && (
          <button
            type="button"
            className="account__button account__button--danger"
            disabled={busy}
            onClick={() => setDeleting(true)}
          >
            Delete account…
          </button>
        )}
      </div>
      <p className="settings-screen__note">
        Signing out keeps everything on this device; it stops syncing until you sign in again.
      </p>
      {deleting && (
        <DeleteAccount
          busy={busy}
          onCancel={() => setDeleting(false)}
          onDelete={(password) => void act(() => service.deleteAccount(password))}
        />
      )}
      {problem && (
        <p role="alert" className="account__error" data-testid="account-error">
          {problem}
        </p>
      )}
    </>
  );
}

/** The preference for every take's audio (each take can say otherwise in the takes list). */
function TakeAudioChoice() {
  const store = getPreferencesStore();
  const preferences = useObservable(store);
  return (
    <>
      <div className="tuner-settings">
        <label className="tuner-field tuner-field--inline">
          <input
            data-testid="take-audio-in-account"
            type="checkbox"
            checked={preferences.takeAudioInAccount}
            onChange={(event) => store.update({ takeAudioInAccount: event.target.checked })}
          />
          <span>Keep every take’s audio in my account</span>
        </label>
      </div>
      <p className="settings-screen__note" data-testid="take-audio-note">
        {preferences.takeAudioInAccount
          ? 'Takes’ audio and pitch trace go to your account and play on your other devices; a take can be kept on this device only from the takes list.'
          : 'Takes’ audio stays on the device that recorded it, unless you keep a take in your account from the takes list.'}
      </p>
    </>
  );
}

function AccountForm(props: {
  service: SyncService;
  busy: boolean;
  signInOnly?: boolean;
  name?: string;
  server?: string;
  onSubmit: (mode: 'sign-in' | 'sign-up', server: string, name: string, password: string) => void;
}) {
  const [server, setServer] = useState(props.server ?? props.service.defaultServerUrl);
  const [name, setName] = useState(props.name ?? '');
  const [password, setPassword] = useState('');
  const submit = (mode: 'sign-in' | 'sign-up') => (event?: FormEvent) => {
    event?.preventDefault();
    props.onSubmit(mode, server.trim(), name.trim().toLowerCase(), password);
    setPassword('');
  };
  return (
    <form className="account__form" onSubmit={submit('sign-in')} data-testid="account-form">
      <Field
        label="Server"
        testId="account-server"
        value={server}
        onChange={setServer}
        type="url"
        autoComplete="url"
      />
      <Field
        label="Name"
        testId="account-user"
        value={name}
        onChange={setName}
        autoComplete="username"
        readOnly={props.signInOnly}
      />
      <PasswordField testId="account-password" value={password} onChange={setPassword} />
      <div className="account__actions">
        <button
          type="submit"
          className="account__button"
          disabled={props.busy}
          data-testid="sign-in"
        >
          {props.signInOnly ? 'Sign in again' : 'Sign in'}
        </button>
        {!props.signInOnly && (
          <button
            type="button"
            className="account__button"
            disabled={props.busy}
            data-testid="sign-up"
            onClick={submit('sign-up')}
          >
            Make an account
          </button>
        )}
      </div>
    </form>
  );
}

function DeleteAccount(props: {
  busy: boolean;
  onCancel: () => void;
  onDelete: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="account__form account__form--danger"
      data-testid="delete-account"
      onSubmit={(event) => {
        event.preventDefault();
        props.onDelete(password);
      }}
    >
      <p className="settings-screen__note">
        Deleting the account removes it and everything synced to it from the server, for good. This
        device keeps its own history, pieces and settings. Type your password to confirm.
      </p>
      <PasswordField testId="delete-password" value={password} onChange={setPassword} />
      <div className="account__actions">
        <button
          type="submit"
          className="account__button account__button--danger"
          disabled={props.busy}
        >
          Delete the account
        </button>
        <button type="button" className="account__button" onClick={props.onCancel}>
          Keep it
        </button>
      </div>
    </form>
  );
}

/** A labelled text field of the account forms (at least 44 px tall, settings-screen.css). */
function Field(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'password';
  autoComplete: string;
  readOnly?: boolean;
}) {
  return (
    <label className="account__field">
      <span>{props.label}</span>
      <input
        type={props.type ?? 'text'}
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        readOnly={props.readOnly}
        required
      />
    </label>
  );
}

function PasswordField(props: {
  testId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <Field label="Password" type="password" autoComplete="current-password" {...props} />;
}
