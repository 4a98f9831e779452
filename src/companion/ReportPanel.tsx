import { useState } from 'react';
import { getHistoryStore } from '../history/history-db';
import { noteName } from '../music';
import { shareFiles } from '../native/share-files';
import { getSettingsStore, useSettings } from '../settings';
import { useObservable } from '../lib/use-observable';
import { dayOf } from './logic/practice-days';
import { buildReport, reportLines } from './logic/report';
import type { PieceScoresSource } from './piece-scores';
import { getPracticeDaysStore } from './practice-recorder';
import { getRoutineDaysStore } from './routine-days-store';
import './companion.css';
import { canvasPng, whitePage } from '../shared-ui/png-page';

const WIDTH = 1080;
const LINE = 44;
const MARGIN = 64;

/** Draws the report's lines on a white A-format page (readable printed or on a phone) as PNG. */
async function renderPng(title: string, lines: readonly string[]): Promise<Blob> {
  const { canvas, context: ctx } = whitePage(
    WIDTH,
    MARGIN * 2 + LINE * (lines.length + 2),
    '#111111',
  );
  ctx.font = 'bold 44px system-ui, sans-serif';
  ctx.fillText(title, MARGIN, MARGIN + 20);
  ctx.font = '30px system-ui, sans-serif';
  lines.forEach((line, i) => ctx.fillText(line, MARGIN, MARGIN + LINE * (i + 2)));
  return canvasPng(canvas);
}

/**
 * A practice report for a teacher: a date range → one page (PNG) with minutes, the days the
 * routine was finished, exercises, pieces and scores, and the notes consistently off; handed to
 * the share sheet (phone) or downloaded (web). The same lines show on screen first, so the player
 * sees what they send.
 */
export function ReportPanel(props: { pieces?: PieceScoresSource }) {
  const settings = useSettings(getSettingsStore());
  const days = useObservable(getPracticeDaysStore().days);
  const routineDays = useObservable(getRoutineDaysStore().days);
  // The page's opening day: the range defaults to the last 7 days.
  const [today] = useState(() => dayOf(Date.now()));
  const [from, setFrom] = useState(() => dayOf(Date.now() - 6 * 86_400_000));
  const [to, setTo] = useState(today);
  const [lines, setLines] = useState<string[] | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  // Notes in the history are written pitch already.
  const name = (writtenMidi: number) => noteName(writtenMidi, { spelling: settings.spelling });

  const make = async () => {
    setBusy(true);
    setMessage('');
    try {
      const attempts = await getHistoryStore().all();
      // A library that cannot be opened leaves the pieces out, not the whole report.
      const pieceDays = await props.pieces?.scoreDays().catch(() => []);
      const report = buildReport(attempts, days, from, to, settings.transposition, {
        routineDays,
        pieceDays,
      });
      const text = reportLines(report, name);
      setLines(text);
      const blob = await renderPng('Embouchure practice report', text);
      const result = await shareFiles(
        [{ name: `practice-report-${from}-to-${to}.png`, blob }],
        'Practice report',
      );
      setMessage(result.kind === 'download' ? 'Report downloaded as a PNG.' : 'Report shared.');
    } catch (error) {
      setMessage(
        `The report could not be made (${error instanceof Error ? error.message : String(error)}).`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report" aria-labelledby="report-title" data-testid="report">
      <h2 id="report-title" className="companion__title">
        Report for your teacher
      </h2>
      <div className="companion__row">
        <label className="companion__field">
          <span>From</span>
          <input
            type="date"
            value={from}
            max={to}
            data-testid="report-from"
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </label>
        <label className="companion__field">
          <span>To</span>
          <input
            type="date"
            value={to}
            min={from}
            max={today}
            data-testid="report-to"
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </label>
      </div>
      <button
        type="button"
        className="companion__primary"
        disabled={busy}
        data-testid="report-make"
        onClick={() => void make()}
      >
        {busy ? 'Making the report…' : 'Make and share the report (PNG)'}
      </button>
      {message && (
        <p className="report__note" role="status" data-testid="report-status">
          {message}
        </p>
      )}
      {lines && (
        <pre className="report__preview" data-testid="report-preview">
          {lines.join('\n')}
        </pre>
      )}
    </section>
  );
}
