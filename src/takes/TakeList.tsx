import { IonAlert, IonButton } from '@ionic/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { noteName } from '../music';
import { useObservable } from '../lib/use-observable';
import { getSettingsStore, useSettings } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { hasStoredAccount } from '../storage';
import { MAX_TAKE_AUDIO_BYTES } from '../storage/sync/sync-doc';
import { concertToWrittenMidi } from '../music';
import { formatClock } from './take-recorder';
import { sourceLabel } from './take-controller';
import { exportTake, importTake } from './take-files';
import type { TakeMeta } from './take-format';
import { audioInAccountLine, wantsAudioInAccount } from './take-audio-status';
import { formatBytes, storageSummary } from './take-storage';
import type { StorageUse, TakeStore } from './take-store';

type Pending =
  { kind: 'rename'; take: TakeMeta } | { kind: 'delete'; take: TakeMeta } | { kind: 'delete-all' };

export function TakeList(props: { store: TakeStore; onPlay: (id: string) => void }) {
  const { store } = props;
  const version = useObservable(store.version);
  const settings = useSettings(getSettingsStore());
  const preferences = useObservable(getPreferencesStore());
  // The audio's choice is offered only with an account (there is nowhere else to keep it).
  const account = hasStoredAccount();
  const [takes, setTakes] = useState<TakeMeta[] | null>(null);
  const [use, setUse] = useState<StorageUse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    store.list().then(
      (list) => !cancelled && setTakes(list),
      () =>
        !cancelled &&
        setError('Takes are unavailable in this browser (private mode or storage blocked).'),
    );
    void store.estimate().then((estimate) => !cancelled && setUse(estimate));
    return () => {
      cancelled = true;
    };
  }, [store, version]);

  const act = useCallback(async (work: () => Promise<string | undefined>) => {
    setError(null);
    setNotice(null);
    try {
      const done = await work();
      if (done) setNotice(done);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, []);

  // One array per opened alert: a new array (any re-render of the list, e.g. a version bump each
  // second while a take records) makes ion-alert rebuild its inputs, discarding what was typed
  // (found by e2e/takes-playback.e2e.ts).
  const renameInputs = useMemo(
    () =>
      pending?.kind === 'rename'
        ? [
            {
              name: 'name',
              type: 'text' as const,
              value: pending.take.name,
              attributes: { maxlength: 200 },
            },
          ]
        : [],
    [pending],
  );

  const written = (midi: number): string =>
    noteName(concertToWrittenMidi(midi, settings.transposition), { spelling: settings.spelling });
  const takesBytes = takes?.reduce((sum, t) => sum + t.bytes, 0) ?? 0;
  const storage = storageSummary(takesBytes, use);

  return (
    <div className="take-list" data-testid="take-list">
      <p
        className={`take-list__storage${storage.nearlyFull ? ' take-list__storage--warn' : ''}`}
        data-testid="take-storage"
        data-takes-bytes={takesBytes}
        data-nearly-full={String(storage.nearlyFull)}
      >
        {storage.text}
      </p>
      <div className="take-list__actions">
        <IonButton
          fill="outline"
          onClick={() => fileInput.current?.click()}
          data-testid="import-take"
        >
          Import
        </IonButton>
        <IonButton
          fill="outline"
          color="danger"
          disabled={!takes?.length}
          onClick={() => setPending({ kind: 'delete-all' })}
          data-testid="delete-all-takes"
        >
          Delete all
        </IonButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept=".json,application/json,audio/*,.webm,.ogg,.m4a"
          data-testid="import-take-input"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void act(async () => {
              const meta = await importTake(store, files, () => crypto.randomUUID());
              return `Imported “${meta.name}”.`;
            });
          }}
        />
      </div>
      {error && (
        <p role="alert" className="error" data-testid="takes-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" data-testid="takes-notice">
          {notice}
        </p>
      )}
      {takes?.length === 0 && (
        <p data-testid="takes-empty">
          No takes yet: press Record while the tuner or an exercise is listening.
        </p>
      )}
      <ul className="take-list__items">
        {takes?.map((take) => (
          <li key={take.id} className="take-row" data-testid="take-row" data-take-id={take.id}>
            <button
              type="button"
              className="take-row__main"
              onClick={() => {
                if (!take.elsewhere) props.onPlay(take.id);
              }}
              aria-disabled={take.elsewhere === true}
              data-testid="play-take"
            >
              <span className="take-row__name">{take.name}</span>
              <span className="take-row__meta">
                {new Date(take.startedAtMs).toLocaleString(undefined, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}{' '}
                · {sourceLabel(take.source)} · {formatClock(take.durationMs)} ·{' '}
                {formatBytes(take.bytes)}
              </span>
              <span className="take-row__notes" data-testid="take-notes">
                {take.notesMidi.length ? take.notesMidi.map(written).join(' ') : 'No notes'}
                {take.noteCount > take.notesMidi.length ? ' …' : ''}
              </span>
              {take.elsewhere && (
                <span className="take-row__badge" data-testid="take-elsewhere">
                  {take.audioInAccount
                    ? 'Recorded on another device: its audio is on its way from your account'
                    : 'Recorded on another device: its audio and trace stay there'}
                </span>
              )}
              {account && !take.elsewhere && (
                <span className="take-row__account" data-testid="take-audio-status">
                  {audioInAccountLine(take, preferences.takeAudioInAccount, MAX_TAKE_AUDIO_BYTES)}
                </span>
              )}
              {take.state !== 'complete' && (
                <span className="take-row__badge">
                  Interrupted{take.endReason ? `: ${take.endReason}` : ''}
                </span>
              )}
            </button>
            <div className="take-row__actions">
              <IonButton
                size="small"
                fill="clear"
                data-testid="rename-take"
                onClick={() => setPending({ kind: 'rename', take })}
              >
                Rename
              </IonButton>
              {!take.elsewhere && (
                <IonButton
                  size="small"
                  fill="clear"
                  data-testid="export-take"
                  onClick={() =>
                    void act(async () => {
                      const shared = await exportTake(store, take.id);
                      return shared.kind === 'download'
                        ? `Downloaded ${shared.names.join(', ')}.`
                        : undefined;
                    })
                  }
                >
                  Export
                </IonButton>
              )}
              {account && !take.elsewhere && take.state !== 'recording' && (
                <IonButton
                  size="small"
                  fill="clear"
                  aria-pressed={wantsAudioInAccount(take, preferences.takeAudioInAccount)}
                  data-testid="keep-take-audio"
                  onClick={() =>
                    void act(async () => {
                      await store.setKeepAudio(
                        take.id,
                        !wantsAudioInAccount(take, preferences.takeAudioInAccount),
                      );
                      return undefined;
                    })
                  }
                >
                  {wantsAudioInAccount(take, preferences.takeAudioInAccount)
                    ? 'Keep audio here only'
                    : 'Keep audio in account'}
                </IonButton>
              )}
              {!take.elsewhere && (
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  data-testid="delete-take"
                  onClick={() => setPending({ kind: 'delete', take })}
                >
                  Delete
                </IonButton>
              )}
            </div>
          </li>
        ))}
      </ul>
      <IonAlert
        isOpen={pending !== null}
        onDidDismiss={() => setPending(null)}
        header={
          pending?.kind === 'rename'
            ? 'Rename take'
            : pending?.kind === 'delete'
              ? 'Delete this take?'
              : 'Delete all takes?'
        }
        message={
          pending?.kind === 'delete'
            ? pending.take.audioInAccount
              ? `“${pending.take.name}” will be removed from this device, from your account and from your other devices.`
              : `“${pending.take.name}” will be removed from this device.`
            : pending?.kind === 'delete-all'
              ? `All ${takes?.length ?? 0} takes will be removed from this device. Export any you want to keep first.`
              : undefined
        }
        inputs={renameInputs}
        buttons={[
          { text: 'Cancel', role: 'cancel' },
          {
            text: pending?.kind === 'rename' ? 'Save' : 'Delete',
            role: pending?.kind === 'rename' ? undefined : 'destructive',
            handler: (values?: { name?: string }) => {
              const current = pending;
              if (!current) return;
              void act(async () => {
                if (current.kind === 'rename')
                  await store.rename(current.take.id, values?.name ?? '');
                else if (current.kind === 'delete') await store.remove(current.take.id);
                else await store.removeAll();
              });
            },
          },
        ]}
      />
    </div>
  );
}
