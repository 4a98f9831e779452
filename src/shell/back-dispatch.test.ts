import { describe, expect, it, vi } from 'vitest';
import { type BackButtonDetail, type BackHandler, startBackDispatch } from './back-dispatch';

/** A document stand-in whose handlers register at their priorities on every press. */
function page(entries: [number, BackHandler][]) {
  const target = new EventTarget();
  target.addEventListener('ionBackButton', (event) => {
    const { detail } = event as CustomEvent<BackButtonDetail>;
    for (const [priority, handler] of entries) detail.register(priority, handler);
  });
  const press = () => target.dispatchEvent(new Event('backbutton'));
  return { target, press };
}

describe("the back button's dispatch (Ionic's, started with the app)", () => {
  it('gives a press to the highest priority only: an open overlay before the app before the router', () => {
    const ran: string[] = [];
    const { target, press } = page([
      [0, () => void ran.push('router')],
      [100, () => void ran.push('overlay')],
      [1, () => void ran.push('app')],
    ]);
    startBackDispatch(target);
    press();
    expect(ran).toEqual(['overlay']);
  });

  it('passes the press down when a handler calls next, and the later of equal priorities wins', () => {
    const ran: string[] = [];
    const { target, press } = page([
      [1, () => void ran.push('first app handler')],
      [1, (next) => (ran.push('second app handler'), next())],
      [0, () => void ran.push('router')],
    ]);
    startBackDispatch(target);
    press();
    expect(ran).toEqual(['second app handler', 'first app handler']);
  });

  it('ignores a press while a handler is still running, and takes the next one after', async () => {
    let finish: () => void = () => undefined;
    const handler = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { target, press } = page([[1, handler]]);
    startBackDispatch(target);
    press();
    press();
    expect(handler).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => {
      press();
      expect(handler).toHaveBeenCalledTimes(2);
    });
  });

  it('keeps working after a handler throws, and stops when asked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = vi.fn(() => {
      throw new Error('boom');
    });
    const { target, press } = page([[1, handler]]);
    const stop = startBackDispatch(target);
    press();
    await vi.waitFor(() => {
      press();
      expect(handler).toHaveBeenCalledTimes(2);
    });
    expect(error).toHaveBeenCalledWith('back button handler failed', expect.any(Error));
    stop();
    press();
    expect(handler).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
