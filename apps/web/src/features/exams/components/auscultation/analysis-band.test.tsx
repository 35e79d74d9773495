import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { bandSegments } from '../../utils/auscultation-format.ts';
import { AnalysisBand } from './analysis-band.tsx';

afterEach(cleanup);

const segments = bandSegments({ spans: [[1.2, 1.5]], name: 'systoles' }, [[6, 7]]);

describe('the analysis band under the spectrogram', () => {
  it('offers each segment by name at its place on the time axis, and seeks to it', () => {
    const onSeek = vi.fn();
    renderWithProviders(
      <AnalysisBand label="Heart 1" width={600} duration={12} segments={segments} notJudged={null} onSeek={onSeek} />,
    );
    const murmur = screen.getByRole('button', { name: 'Murmur heard in systole 1 of 1, 1.2 s to 1.5 s' });
    expect(parseFloat(getComputedStyle(murmur).left)).toBeCloseTo(60);
    fireEvent.click(screen.getByRole('button', { name: 'Noisy, 6.0 s to 7.0 s' }));
    expect(onSeek).toHaveBeenCalledWith(6);
    expect(screen.getByText(/murmur heard in 1 segment \(upper row\); 1\.0 s noisy/)).toBeTruthy();
  });

  it('draws the heart cycle where the analysis put it, and says what it holds', () => {
    const cycle = [
      { state: 'S1' as const, start: 0.5, end: 0.62 },
      { state: 'systole' as const, start: 0.62, end: 0.9 },
      { state: 'S2' as const, start: 0.9, end: 1.0 },
      { state: 'diastole' as const, start: 1.0, end: 1.4 },
      { state: 'S1' as const, start: 1.4, end: 1.52 },
    ];
    renderWithProviders(
      <AnalysisBand
        label="Heart 1"
        width={600}
        duration={12}
        segments={segments}
        cycle={cycle}
        notJudged={null}
        onSeek={() => undefined}
      />,
    );
    const row = screen.getByRole('img', { name: /Heart cycle \(bottom row\): 2 beats segmented/ });
    const drawn = [...row.querySelectorAll<HTMLElement>('[data-state]')];
    expect(drawn.map((element) => element.dataset.state)).toEqual(['S1', 'systole', 'S2', 'diastole', 'S1']);
    // 600 px for 12 s: 50 px a second, so the second S1 at 1.4 s starts at 70 px.
    expect(parseFloat(getComputedStyle(drawn[4]!).left)).toBeCloseTo(70);
    expect(drawn[4]!.title).toBe('S1, 1.40 s to 1.52 s');
  });

  it('says the analysis could not judge the recording instead of drawing its findings', () => {
    renderWithProviders(
      <AnalysisBand
        label="Heart 1"
        width={600}
        duration={12}
        segments={bandSegments(null, [])}
        cycle={[{ state: 'S1', start: 0.5, end: 0.62 }]}
        notJudged="I cannot tell from this recording: the recording is too noisy. Record again."
        onSeek={() => undefined}
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /Heart cycle/ })).toBeNull();
    expect(
      screen.getByText(/could not judge this recording, so none of its findings are drawn\. I cannot tell/),
    ).toBeTruthy();
  });
});
