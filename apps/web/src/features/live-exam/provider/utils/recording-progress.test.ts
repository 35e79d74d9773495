import { describe, expect, it } from 'vitest';
import { processingProgress } from './recording-progress.ts';

describe('the remote recording’s progress (exams-and-devices §4)', () => {
  it('counts the upload as the first 30 %', () => {
    expect(processingProgress({ uploadProgress: null, stored: false, waiting: 30, download: null })).toBe(0);
    expect(processingProgress({ uploadProgress: 50, stored: false, waiting: 30, download: null })).toBe(15);
    expect(processingProgress({ uploadProgress: 100, stored: false, waiting: 30, download: null })).toBe(30);
  });

  it('then moves with the waiting bar up to 80, and the download fills the rest', () => {
    expect(processingProgress({ uploadProgress: 100, stored: true, waiting: 30, download: null })).toBe(30);
    expect(processingProgress({ uploadProgress: 100, stored: true, waiting: 64, download: null })).toBe(64);
    expect(processingProgress({ uploadProgress: 100, stored: true, waiting: 41, download: 0 })).toBe(80);
    expect(processingProgress({ uploadProgress: 100, stored: true, waiting: 80, download: 0.5 })).toBe(90);
    expect(processingProgress({ uploadProgress: 100, stored: true, waiting: 80, download: 1 })).toBe(100);
  });
});

describe('the countdown text', async () => {
  const { formatCountdown } = await import('./remote-auscultation-texts.ts');
  it('shows minutes, seconds and the quarter second it is in', () => {
    expect(formatCountdown(60_000)).toBe('1:00.00');
    expect(formatCountdown(42_250)).toBe('0:42.25');
    expect(formatCountdown(42_100)).toBe('0:42.25');
    expect(formatCountdown(9_999)).toBe('0:10.00');
    expect(formatCountdown(0)).toBe('0:00.00');
  });
});
