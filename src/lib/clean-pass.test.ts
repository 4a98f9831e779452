import { describe, expect, it } from 'vitest';
import { cleanPasses, reportCleanPass, type CleanPass } from './clean-pass';

describe('clean passes', () => {
  it('reaches every listener until it unsubscribes', () => {
    const heard: CleanPass[] = [];
    const off = cleanPasses.subscribe((pass) => heard.push(pass));
    reportCleanPass({ what: 'scales' });
    off();
    reportCleanPass({ what: 'not heard' });
    expect(heard).toEqual([{ what: 'scales' }]);
  });
});
