import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './PrivacyPage';

describe('the privacy page (issue 23 row 11)', () => {
  it('lists the recorded takes among what is stored on this device', () => {
    const html = renderToStaticMarkup(<PrivacyPage onBack={() => undefined} />);
    const stored = html.slice(html.indexOf('What is stored on this device'));
    expect(stored).toMatch(/takes you record[^<]*their audio/);
    expect(stored).toContain('until you delete them');
  });

  it('lists the pieces and their attempts, the days practised and every setup kept', () => {
    const html = renderToStaticMarkup(<PrivacyPage onBack={() => undefined} />);
    const stored = html.slice(html.indexOf('What is stored on this device'));
    expect(stored).toMatch(/pieces you open or import[^<]*and your attempts at each/);
    expect(stored).toMatch(/how long you played and rested/);
    expect(stored).toMatch(/each exercise’s last setup/);
    expect(stored).toMatch(/metronome’s settings and presets/);
  });

  it('says what an account sends, where, and what stays on the device', () => {
    const html = renderToStaticMarkup(<PrivacyPage onBack={() => undefined} />);
    expect(html).toMatch(/Without an account nothing of this is sent anywhere/);
    const account = html.slice(html.indexOf('With an account'));
    expect(account).toMatch(/An account is optional/);
    expect(account).toMatch(/only your account can read/);
    expect(account).toMatch(
      /Takes’ audio and pitch\s+trace, your reminders and the analytics choice stay on this device/,
    );
    expect(account).toMatch(/never your password/);
  });
});
