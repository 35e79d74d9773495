import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { checkCapture } from '@auscura/audio-engine';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';
import { useCaptureWatch } from '../../hooks/use-capture-watch.ts';
import { CaptureFlag } from './capture-flag.tsx';
import { CaptureStatus } from './capture-status.tsx';

afterEach(cleanup);

/** 6 s of a 100 Hz tone at the given amplitude, 4 kHz. */
function tone(amplitude: number, seconds = 6): Float32Array {
  return Float32Array.from({ length: 4000 * seconds }, (_, i) => amplitude * Math.sin((2 * Math.PI * 100 * i) / 4000));
}

describe('the live capture indication', () => {
  it('says in words, in a status region, that no sound comes and that the input clips', () => {
    const { rerender } = render(<CaptureStatus state="ok" audience="clinician" />);
    const status = screen.getByRole('status', { name: 'Stethoscope contact' });
    expect(status.textContent).toBe('');
    rerender(<CaptureStatus state="no-sound" audience="clinician" />);
    expect(status.textContent).toContain('No sound — check the stethoscope is on the skin');
    rerender(<CaptureStatus state="too-loud" audience="patient" />);
    expect(status.textContent).toContain('Too loud.');
  });

  it('turns the level meter readings into no sound after 1.5 s of silence, and back when sound comes', () => {
    const quiet: Omit<MeterMessage, 'ms'> = { peakDb: -Infinity, rmsDb: -Infinity, fullScaleShare: 0 };
    const { result, rerender } = renderHook(({ level }: { level: MeterMessage | null }) => useCaptureWatch(level), {
      initialProps: { level: null as MeterMessage | null },
    });
    for (let i = 0; i < 14; i++) act(() => rerender({ level: { ...quiet, ms: 100 } }));
    expect(result.current).toBe('ok');
    act(() => rerender({ level: { ...quiet, ms: 100 } }));
    expect(result.current).toBe('no-sound');
    act(() => rerender({ level: { peakDb: -12, rmsDb: -25, fullScaleShare: 0, ms: 100 } }));
    expect(result.current).toBe('ok');
  });
});

describe('the flag on a finished recording', () => {
  it('tells the patient in plain words when nothing was heard', () => {
    render(<CaptureFlag check={checkCapture(new Float32Array(4000 * 6), 4000)} audience="patient" />);
    expect(screen.getByRole('alert').textContent).toContain(
      "We couldn't hear anything. Check the stethoscope touches your skin and record again.",
    );
  });

  it('gives the clinician the measure of a clipped recording', () => {
    const clipped = tone(4).map((x) => Math.max(-1, Math.min(1, x)));
    render(<CaptureFlag check={checkCapture(clipped, 4000)} audience="clinician" />);
    expect(screen.getByRole('alert').textContent).toMatch(/Clipped recording.*% of it is at full scale/);
  });

  it('shows nothing for a recording that passed', () => {
    const { container } = render(<CaptureFlag check={checkCapture(tone(0.3), 4000)} audience="clinician" />);
    expect(container.textContent).toBe('');
  });
});
