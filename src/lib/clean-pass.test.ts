import { describe, expect, it } from 'vitest';
import { judgedPasses, reportPass, type JudgedPass } from './clean-pass';

describe('judged passes', () => {
  it('reaches every listener, clean or not, until it unsubscribes', () => {
    const heard: JudgedPass[] = [];
    const off = judgedPasses.subscribe((pass) => heard.push(pass));
    reportPass({ what: 'scales', clean: true });
    reportPass({ what: 'slurs', clean: false });
    off();
    reportPass({ what: 'not heard', clean: true });
    expect(heard).toEqual([
      { what: 'scales', clean: true },
      { what: 'slurs', clean: false },
    ]);
  });
});
