import { useEffect, useMemo, useRef, useState } from 'react';
import type { HistoryStore } from './history-db';
import {
  PARTIAL_LABELS,
  PARTIAL_SHORT,
  attemptKey,
  attemptLabel,
  attemptTime,
  type AttemptRecord,
} from './records';

type Blocks = ReadonlyMap<number, readonly AttemptRecord[]>;
const NO_BLOCKS: Blocks = new Map();

/** Fixed row height (px): the list knows every row's position without rendering it. */
export const ROW_PX = 56;
/** Rows fetched per database read; rows rendered beyond the visible ones on each side. */
const BLOCK = 50;
const OVERSCAN = 10;
const VISIBLE_ROWS = 10;

/**
 * The attempt list, newest first, virtualised: only the rows in view (plus a few) are in the DOM,
 * and they are read from the database a block at a time, so 100 000 attempts cost what 30 do.
 */
export function AttemptList(props: {
  history: HistoryStore;
  count: number;
  version: number;
  /** Deletes one attempt once the player has confirmed it (the view offers Undo). */
  onDelete: (attempt: AttemptRecord) => void;
  /** Shows one attempt's per-note results. */
  onOpen: (attempt: AttemptRecord) => void;
}) {
  const { history, count, version } = props;
  // The attempt whose Delete was tapped: its row asks for confirmation.
  const [confirming, setConfirming] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Blocks read for one version of the history: any change (a new attempt, an import, a
  // discard) makes them stale.
  const [cache, setCache] = useState<{ version: number; blocks: Blocks }>({
    version,
    blocks: new Map(),
  });
  const blocks = cache.version === version ? cache.blocks : NO_BLOCKS;
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<string>());
  const frame = useRef(0);

  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil(scrollTop / ROW_PX) + VISIBLE_ROWS + OVERSCAN);
  const wanted = useMemo(() => {
    const list: number[] = [];
    for (let b = Math.floor(first / BLOCK); b * BLOCK < last; b++) list.push(b);
    return list;
  }, [first, last]);

  useEffect(() => {
    for (const block of wanted) {
      const id = `${version}:${block}`;
      if (blocks.has(block) || loading.current.has(id)) continue;
      loading.current.add(id);
      history.page(block * BLOCK, BLOCK).then(
        (rows) => {
          loading.current.delete(id);
          setCache((previous) => ({
            version,
            blocks: new Map(previous.version === version ? previous.blocks : []).set(block, rows),
          }));
        },
        () => {
          loading.current.delete(id);
          setError('Some attempts could not be read: the history is busy or unavailable.');
        },
      );
    }
  }, [wanted, blocks, history, version]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const rows: { index: number; attempt: AttemptRecord | undefined }[] = [];
  for (let index = first; index < last; index++) {
    rows.push({ index, attempt: blocks.get(Math.floor(index / BLOCK))?.[index % BLOCK] });
  }

  return (
    <>
      <div
        className="attempt-list"
        role="list"
        aria-label={`Attempts, newest first (${count})`}
        data-testid="attempts"
        data-count={count}
        // A scrollable region must be reachable by keyboard (axe "scrollable-region-focusable").
        tabIndex={0}
        style={{ height: Math.min(count, VISIBLE_ROWS) * ROW_PX }}
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          cancelAnimationFrame(frame.current);
          frame.current = requestAnimationFrame(() => setScrollTop(top));
        }}
      >
        <div className="attempt-list__spacer" style={{ height: count * ROW_PX }}>
          {rows.map(({ index, attempt }) => (
            <AttemptRow
              key={index}
              index={index}
              attempt={attempt}
              history={history}
              confirming={attempt !== undefined && confirming === attemptKey(attempt)}
              onAsk={(a) => setConfirming(a ? attemptKey(a) : null)}
              onOpen={props.onOpen}
              onDelete={(a) => {
                setConfirming(null);
                props.onDelete(a);
              }}
            />
          ))}
        </div>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}

function AttemptRow(props: {
  index: number;
  attempt: AttemptRecord | undefined;
  history: HistoryStore;
  confirming: boolean;
  onAsk: (attempt: AttemptRecord | null) => void;
  onDelete: (attempt: AttemptRecord) => void;
  onOpen: (attempt: AttemptRecord) => void;
}) {
  const { attempt } = props;
  const style = { top: props.index * ROW_PX, height: ROW_PX };
  if (!attempt) {
    return (
      <div className="attempt-row attempt-row--loading" role="listitem" style={style}>
        …
      </div>
    );
  }
  const name = attemptLabel(attempt);
  const when = attemptTime(attempt.startedAt);
  const label = `${name} attempt of ${when}`;
  if (props.confirming) {
    return (
      <div className="attempt-row attempt-row--confirm" role="listitem" style={style}>
        <span className="attempt-row__main">Delete this {label}?</span>
        <span className="attempt-row__actions">
          <button
            type="button"
            className="attempt-row__danger"
            data-testid="confirm-delete"
            onClick={() => props.onDelete(attempt)}
          >
            Delete
          </button>
          <button type="button" onClick={() => props.onAsk(null)}>
            Keep
          </button>
        </span>
      </div>
    );
  }
  return (
    <div
      className={`attempt-row${attempt.partial ? ' attempt-row--partial' : ''}`}
      role="listitem"
      style={style}
      data-testid="attempt-row"
      data-partial={attempt.partial ?? ''}
    >
      <button
        type="button"
        className="attempt-row__open"
        data-testid="open-attempt"
        aria-label={`Open the ${label}: ${attempt.score}/100`}
        onClick={() => props.onOpen(attempt)}
      >
        <span className="attempt-row__main">
          <strong>{name}</strong> · {attempt.score}/100 · {when}
        </span>
        <span className="attempt-row__notes">
          {attempt.partial && (
            <span
              className="partial-badge"
              data-testid="partial-badge"
              title={`Partial attempt: ${PARTIAL_LABELS[attempt.partial]}`}
            >
              Partial ({PARTIAL_SHORT[attempt.partial]}) ·{' '}
            </span>
          )}
          {attempt.notes.map((n) => n.name).join(' ')}
        </span>
      </button>
      <span className="attempt-row__actions">
        {attempt.partial && (
          <button
            type="button"
            className="attempt-row__discard"
            data-testid="discard-partial"
            aria-label={`Discard the partial ${name} attempt`}
            onClick={() => void props.history.remove(attempt)}
          >
            Discard
          </button>
        )}
        {!attempt.partial && (
          <button
            type="button"
            className="attempt-row__delete"
            data-testid="delete-attempt"
            aria-label={`Delete the ${label}`}
            onClick={() => props.onAsk(attempt)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </span>
    </div>
  );
}
