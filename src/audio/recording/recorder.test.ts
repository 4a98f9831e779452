import { describe, expect, it } from 'vitest';
import { pickRecordingFormat } from './recorder';

const supports = (...types: string[]) => ({ isTypeSupported: (t: string) => types.includes(t) });

describe('recording format per platform', () => {
  it.each([
    [
      'Chromium / Android WebView',
      supports('audio/webm;codecs=opus', 'audio/webm'),
      'audio/webm;codecs=opus',
    ],
    ['Firefox (older)', supports('audio/ogg;codecs=opus'), 'audio/ogg;codecs=opus'],
    [
      'Safari / iOS WKWebView',
      supports('audio/mp4;codecs=mp4a.40.2', 'audio/mp4'),
      'audio/mp4;codecs=mp4a.40.2',
    ],
    ['Safari reporting only the container', supports('audio/mp4'), 'audio/mp4'],
  ])('%s records %s', (_name, recorder, mimeType) => {
    expect(pickRecordingFormat(recorder)?.mimeType).toBe(mimeType);
  });

  it('no MediaRecorder, or none of the codecs: null (the PCM → WAV fallback records instead)', () => {
    expect(pickRecordingFormat(undefined)).toBeNull();
    expect(pickRecordingFormat(supports('video/webm'))).toBeNull();
  });
});
