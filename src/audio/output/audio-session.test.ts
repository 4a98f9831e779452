import { describe, expect, it, vi } from 'vitest';
import { DRONE_HARMONICS } from '../worklet/drone-canceller';
import { FakeOutputContext, manualTimers } from '../testing/fake-output-audio';
import { createAudioSession, type ScheduledClick } from './audio-session';
import type { Click, ClickSource } from './click-source';
import { DRONE_RELEASE_S, TIMBRE_HARMONICS } from './drone-voices';

function make() {
  const timers = manualTimers();
  const contexts: FakeOutputContext[] = [];
  const session = createAudioSession({
    createContext: () => {
      const context = new FakeOutputContext();
      contexts.push(context);
      return context.asContext();
    },
    ...timers,
  });
  /** Advance the page clock and every context's audio clock together (audio 1 s = page 0 ms). */
  const advance = (ms: number) =>
    timers.advance(ms, (nowMs) => {
      for (const c of contexts) c.currentTime = 1 + nowMs / 1000;
    });
  return { session, contexts, timers, advance };
}

function clicks(list: [number, Click['kind']][]): ClickSource {
  let i = 0;
  return {
    next: () => {
      const entry = list[i];
      if (!entry) return null;
      i++;
      return { offsetS: entry[0], kind: entry[1], bar: 0, beat: i - 1 };
    },
  };
}

describe('one context for every user', () => {
  it('the pitch service, a drone and a click track share one context; the last user closes it', async () => {
    const { session, contexts, advance } = make();
    const mic = session.acquire();
    const drone = session.drone.play([440]);
    const track = session.clicks.play(clicks([[0, 'accent']]));
    await Promise.all([drone.started, track.started]);
    expect(contexts).toHaveLength(1);
    expect(session.diagnostics()).toMatchObject({ contextsCreated: 1, users: 3 });
    drone.release();
    track.stop();
    advance(1000);
    expect(contexts[0]?.state).toBe('running');
    await session.release(mic);
    expect(contexts[0]?.state).toBe('closed');
    expect(session.diagnostics()).toMatchObject({ contextsClosed: 1, users: 0 });
    // Asked again later: a fresh context (a closed one cannot be reused).
    session.drone.play([440]);
    expect(contexts).toHaveLength(2);
  });

  it('ignores a release of a context it no longer holds, and a second release', async () => {
    const { session, contexts } = make();
    const first = session.acquire();
    await session.release(first);
    const second = session.acquire();
    await session.release(first);
    expect(contexts[1]?.state).toBe('suspended');
    expect(session.diagnostics().users).toBe(1);
    await session.release(second);
    await session.release(second);
    expect(session.diagnostics()).toMatchObject({ users: 0, contextsClosed: 2 });
  });

  it('a drone started from a tap resumes a suspended context', async () => {
    const { session, contexts } = make();
    await session.drone.play([233.08]).started;
    expect(contexts[0]?.state).toBe('running');
  });
});

describe('drone cancellation follows what sounds', () => {
  it('cancels the drone while it sounds and through its fade-out, then stops', async () => {
    const { session, advance } = make();
    const drone = session.drone.play([233.08, 349.62]);
    expect(session.cancellationHz.get()).toEqual([233.08, 349.62]);
    advance(2000);
    drone.release();
    expect(drone.hz).toEqual([]);
    // The fade (DRONE_RELEASE_S), the output latency (30 ms) and the analysis' margin (250 ms).
    const tailMs = DRONE_RELEASE_S * 1000 + 30 + 250;
    advance(tailMs - 20);
    expect(session.cancellationHz.get()).toEqual([233.08, 349.62]);
    advance(40);
    expect(session.cancellationHz.get()).toEqual([]);
  });

  it('a retune cancels the new pitch at once and the old one through its glide', async () => {
    const { session, advance } = make();
    const drone = session.drone.play([440]);
    advance(500);
    drone.retune([493.88]);
    expect(session.cancellationHz.get()).toEqual([493.88, 440]);
    advance(1000);
    expect(session.cancellationHz.get()).toEqual([493.88]);
  });

  it('a small retune glides the same voice; a large one fades the old voice out and a new one in', () => {
    const { session, contexts } = make();
    const drone = session.drone.play([440]);
    drone.retune([442]); // 8 ¢: a glide
    expect(contexts[0]?.oscillators).toHaveLength(1);
    expect(contexts[0]?.oscillators[0]?.frequency.value).toBe(442);
    drone.retune([884]); // an octave: a sweep would pass through pitches nobody cancels
    expect(contexts[0]?.oscillators).toHaveLength(2);
    expect(contexts[0]?.oscillators[0]?.stoppedAt).toBeCloseTo(1 + DRONE_RELEASE_S, 9);
    expect(contexts[0]?.oscillators[1]?.frequency.value).toBe(884);
    // The new pitch held first, both old ones (the glide's start and end) through the fade.
    expect(session.cancellationHz.get()[0]).toBe(884);
    expect([...session.cancellationHz.get()].sort()).toEqual([440, 442, 884]);
  });

  it('a new drone started while the old one fades: both cancelled, the held one first', () => {
    const { session, advance } = make();
    const old = session.drone.play([440]);
    advance(100);
    old.release();
    session.drone.play([261.63]);
    expect(session.cancellationHz.get()).toEqual([261.63, 440]);
    advance(1000);
    expect(session.cancellationHz.get()).toEqual([261.63]);
  });

  it('never asks the canceller for more than 4 voices (a triad gliding to a triad)', () => {
    const { session } = make();
    const drone = session.drone.play([200, 300, 250]);
    drone.retune([210, 315, 262.5]);
    expect(session.cancellationHz.get()).toHaveLength(4);
    expect(session.cancellationHz.get().slice(0, 3)).toEqual([210, 315, 262.5]);
  });

  it('the brass timbre plays only harmonics the canceller fits', () => {
    expect(TIMBRE_HARMONICS.brass.length).toBeGreaterThan(1);
    expect(TIMBRE_HARMONICS.brass.length).toBeLessThanOrEqual(DRONE_HARMONICS);
    const { session, contexts } = make();
    session.drone.play([440], { timbre: 'brass' });
    const osc = contexts[0]?.oscillators[0];
    expect(osc?.type).toBe('custom');
    expect(osc?.wave?.imag.slice(1)).toEqual(TIMBRE_HARMONICS.brass.map(Math.fround));
    expect(session.cancellationHz.get()).toEqual([440]);
  });

  it('volume: a chord shares it, brass is no louder at its peak than a sine; bad values name the range', () => {
    const { session, contexts } = make();
    session.drone.play([440], { volume: 0.3 });
    session.drone.play([440, 660], { volume: 0.3, timbre: 'brass' });
    const gains = contexts[0]?.gains.map((g) => g.gain.value) ?? [];
    const brassPeak = TIMBRE_HARMONICS.brass.reduce((a, b) => a + b, 0);
    expect(gains[0]).toBeCloseTo(0.3, 9);
    expect(gains[1]).toBeCloseTo(0.15 / brassPeak, 9);
    const last = contexts[0]?.gains.at(-1);
    session.drone.play([440], { volume: 0.1 }).setVolume(0.4);
    expect(contexts[0]?.gains.at(-1)?.gain.value).toBeCloseTo(0.4, 9);
    expect(last).not.toBe(contexts[0]?.gains.at(-1));
    expect(() => session.drone.play([440], { volume: 2 })).toThrow('volume must be 0..1, got 2');
    expect(() => session.drone.play([10])).toThrow('Drone frequency must be 20..5000 Hz, got 10');
    expect(() => session.drone.play([1, 2, 3, 4, 5].map((x) => x * 100))).toThrow(
      'A drone has 1..4 voices, got 5',
    );
  });
});

describe('click tracks on the audio clock', () => {
  it('places each click at its exact audio time whatever the timer does, and reports it', async () => {
    const { session, contexts, advance } = make();
    const seen: ScheduledClick[] = [];
    const track = session.clicks.play(
      clicks([
        [0, 'accent'],
        [0.5, 'beat'],
        [0.75, 'sub'],
        [1, 'silent'],
        [1.5, 'beat'],
      ]),
      { leadInS: 0.3 },
    );
    track.clicks.subscribe((c) => seen.push(c));
    const start = await track.started;
    expect(start.startS).toBeCloseTo(1.3, 9);
    // Audio second 1 is heard at 5000 ms (the fake's output timestamp).
    expect(start.startMs).toBeCloseTo(5300, 6);
    for (let i = 0; i < 80; i++) advance(17 + (i % 5) * 9); // an irregular timer
    const ctx = contexts[0];
    // Each click a noise burst through a band-pass (no pitch): accents brightest.
    const sounded = (ctx?.bufferSources ?? []).map((b, i) => [
      b.startedAt,
      ctx?.filters[i]?.frequency.value,
    ]);
    expect(sounded.map(([t, hz]) => [Number((t as number).toFixed(6)), hz])).toEqual([
      [1.3, 3200],
      [1.8, 2400],
      [2.05, 1800],
      [2.8, 2400],
    ]);
    expect(ctx?.oscillators).toEqual([]);
    expect(seen.map((c) => [c.kind, Number(c.atS.toFixed(6)), c.sounded])).toEqual([
      ['accent', 1.3, true],
      ['beat', 1.8, true],
      ['sub', 2.05, true],
      ['silent', 2.3, false],
      ['beat', 2.8, true],
    ]);
    expect(seen[1]?.atMs).toBeCloseTo(5800, 6);
    // Scheduled ahead, never more than the look-ahead.
    expect(track.running).toBe(false);
    advance(1000);
    expect(session.diagnostics()).toMatchObject({ users: 0, clickTracks: 0 });
  });

  it('stop() silences clicks already scheduled ahead and schedules no more', async () => {
    const { session, contexts, advance } = make();
    const every = { i: 0 };
    const endless: ClickSource = {
      next: () => ({ offsetS: every.i++ * 0.1, kind: 'beat', bar: 0, beat: 0 }),
    };
    const track = session.clicks.play(endless, { leadInS: 0 });
    await track.started;
    advance(200);
    const before = contexts[0]?.bufferSources.length ?? 0;
    track.stop();
    advance(1000);
    expect(contexts[0]?.bufferSources.length).toBe(before);
    const ahead = contexts[0]?.bufferSources.filter((o) => (o.startedAt ?? 0) > 1.2) ?? [];
    expect(ahead.length).toBeGreaterThan(0);
    for (const o of ahead) expect(o.stoppedAt).toBe(0);
  });

  it('a source whose clicks go back in time stops the track with an error, not a throw', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { session } = make();
    const track = session.clicks.play(
      clicks([
        [0.01, 'beat'],
        [0, 'beat'],
      ]),
      { leadInS: 0 },
    );
    await track.started;
    expect(track.running).toBe(false);
    expect(String(error.mock.calls[0]?.[1])).toMatch(/in time order/);
    error.mockRestore();
  });

  it('refuses a lead-in outside 0..5 s, naming the range', () => {
    const { session } = make();
    expect(() => session.clicks.play(clicks([]), { leadInS: 9 })).toThrow(
      'leadInS must be 0..5 s, got 9',
    );
  });
});
