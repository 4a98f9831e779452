import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestBreak, RoutineProgress } from './RoutineBreak';

const text = (html: string): string => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ');

describe('the routine’s two "played" counters agree (W6)', () => {
  afterEach(() => vi.useRealTimers());

  it('the line above an exercise counts the exercise being played, as the rest after it does', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    // 88 s of long tones so far, nothing before them: the rest after them would say 1 min.
    const startedAtMs = 1_000_000 - 88_000;
    const line = text(
      renderToStaticMarkup(<RoutineProgress playedMs={0} startedAtMs={startedAtMs} left={3} />),
    );
    expect(line).toMatch(/Routine: 3 more after this, 1 min played so far/);
    const rest = text(
      renderToStaticMarkup(
        <RestBreak
          restMs={30_000}
          playedMs={88_000}
          next="scales"
          onContinue={() => undefined}
          onStop={() => undefined}
        />,
      ),
    );
    expect(rest).toMatch(/Played this session: 1 min/);
  });

  it('adds the steps done before it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000_000);
    const line = text(
      renderToStaticMarkup(
        <RoutineProgress playedMs={150_000} startedAtMs={5_000_000 - 30_000} left={0} />,
      ),
    );
    expect(line).toMatch(/Routine: last exercise, 3 min played so far/);
  });
});
