import { describe, expect, it } from 'vitest';
import { isSupportedPlatform } from '../../../lib/media/media-check.ts';
import { browserInfo } from './browser-info.ts';

const agents = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  electron:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) auscura/1.0 Chrome/124.0.6367.243 Electron/30.1.0 Safari/537.36',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

describe('the Browser test', () => {
  it('names the browser and the operating system', () => {
    expect(browserInfo(agents.chrome)).toEqual({ browser: 'Google Chrome 126', os: 'Windows' });
    expect(browserInfo(agents.edge)).toEqual({ browser: 'Microsoft Edge 126', os: 'macOS' });
    expect(browserInfo(agents.electron)).toEqual({ browser: 'Electron 30', os: 'Linux' });
    expect(browserInfo(agents.safari)).toEqual({ browser: 'Safari 17', os: 'macOS' });
    expect(browserInfo(agents.firefox)).toEqual({ browser: 'Firefox 127', os: 'Linux' });
    expect(browserInfo(agents.iphone).os).toBe('iOS');
    expect(browserInfo(agents.chrome, { brands: [{ brand: 'Chromium', version: '156' }] }).browser).toBe(
      'Chromium 156',
    );
  });

  it('supports desktop Chrome, Edge and Electron, and no other (§1)', () => {
    expect(isSupportedPlatform(agents.chrome, undefined)).toBe(true);
    expect(isSupportedPlatform(agents.edge, undefined)).toBe(true);
    expect(isSupportedPlatform(agents.electron, undefined)).toBe(true);
    for (const ua of [agents.safari, agents.firefox, agents.iphone])
      expect(isSupportedPlatform(ua, undefined)).toBe(false);
  });
});
