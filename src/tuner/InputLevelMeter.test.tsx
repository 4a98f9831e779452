import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createPlaceholderPitchService } from '../audio/stream/placeholder-pitch-service';
import { InputLevelMeter } from './InputLevelMeter';

describe('the input level meter (issue 23 row 15)', () => {
  it('says what it is on screen, beside the bar', () => {
    const html = renderToStaticMarkup(
      <InputLevelMeter service={createPlaceholderPitchService({ state: 'connected' })} />,
    );
    expect(html).toMatch(/data-testid="input-level-label"[^>]*>Mic level</);
    expect(html).toContain('role="meter"');
  });
});
