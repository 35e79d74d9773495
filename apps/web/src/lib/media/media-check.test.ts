// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { replacementDevice, stethoscopeLabelPattern } from './devices.ts';
import { classifyMediaError, isSupportedPlatform, mediaFailureTexts } from './media-check.ts';

const ua = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0',
  electron:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) auscura/1.0 Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/141.0 Mobile/15E148 Safari/604.1',
};

describe('the compatibility check before a room', () => {
  it('lets desktop Chrome, Chromium, Electron and Edge in, and nothing else', () => {
    for (const agent of [ua.chromeDesktop, ua.edge, ua.electron])
      expect(isSupportedPlatform(agent, undefined), agent).toBe(true);
    for (const agent of [ua.chromeAndroid, ua.firefox, ua.safari, ua.iPad]) {
      expect(isSupportedPlatform(agent, undefined), agent).toBe(false);
    }
    expect(isSupportedPlatform(ua.chromeDesktop, { mobile: true, brands: [{ brand: 'Google Chrome' }] })).toBe(false);
  });

  it('tells the five failure reasons apart, with §8’s texts', () => {
    const error = (name: string, message = '') => Object.assign(new Error(message), { name });
    expect(classifyMediaError(error('NotAllowedError', 'Permission denied by system'))).toBe('systemDenied');
    expect(classifyMediaError(error('NotAllowedError', 'Permission denied'))).toBe('userDenied');
    expect(classifyMediaError(error('NotReadableError', 'Could not start video source'))).toBe('trackError');
    expect(classifyMediaError(error('TrackStartError'))).toBe('trackError');
    expect(classifyMediaError(error('NotFoundError'))).toBe('unknownError');
    expect(classifyMediaError('nonsense')).toBe('unknownError');
    expect(mediaFailureTexts).toEqual({
      platformUnsupported: 'A virtual exam requires Google Chrome or Microsoft Edge on a desktop computer.',
      systemDenied: "Can't access your microphone or camera",
      userDenied: 'Permission denied',
      trackError: "Can't start your camera or microphone",
      unknownError: 'Error acquiring media',
    });
  });

  it('switches to another device when the one in use disappears (§4 media device state)', () => {
    const a = { deviceId: 'a', label: 'Camera A' };
    const b = { deviceId: 'b', label: 'Camera B' };
    expect(replacementDevice('a', [a, b], null)).toBeNull();
    expect(replacementDevice('gone', [a, b], 'b')).toEqual(b);
    expect(replacementDevice('gone', [a, b], null)).toEqual(a);
    expect(replacementDevice('gone', [], null)).toBeNull();
    expect(stethoscopeLabelPattern.test('PCP-USB Audio (0d8c:0014)')).toBe(true);
    expect(stethoscopeLabelPattern.test('Fake Default Audio Input')).toBe(false);
  });
});
