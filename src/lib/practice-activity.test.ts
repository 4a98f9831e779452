import { describe, expect, it } from 'vitest';
import { askTabs, beginPractice, practisingAnywhere } from './practice-activity';

describe('practice activity (what the update prompt waits for)', () => {
  it('is true while any exercise runs in this tab, false once every one has ended', async () => {
    expect(practisingAnywhere.get()).toBe(false);
    const endA = beginPractice();
    const endB = beginPractice();
    expect(practisingAnywhere.get()).toBe(true);
    endA();
    endA(); // ending twice is harmless
    expect(practisingAnywhere.get()).toBe(true);
    endB();
    expect(practisingAnywhere.get()).toBe(false);
    expect(await askTabs(10)).toBe(false);
  });

  it('hears another tab, and answers its questions (BroadcastChannel on the same name)', async () => {
    const other = new BroadcastChannel('embouchure-practice');
    const heard: { type: string; practising?: boolean }[] = [];
    other.onmessage = (event: MessageEvent<{ type: string; practising?: boolean }>) => {
      heard.push(event.data);
    };
    other.postMessage({ type: 'state', tab: 'other', practising: true });
    await expect.poll(() => practisingAnywhere.get()).toBe(true);
    other.postMessage({ type: 'state', tab: 'other', practising: false });
    await expect.poll(() => practisingAnywhere.get()).toBe(false);

    const end = beginPractice();
    other.postMessage({ type: 'query' });
    await expect
      .poll(() => heard.some((m) => m.type === 'state' && m.practising === true))
      .toBe(true);
    end();
    other.close();
  });
});
