import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { HeartRate } from './heart-rate.tsx';

afterEach(cleanup);

describe('heart rate display', () => {
  it('shows -- outside 0–200 bpm', () => {
    renderWithProviders(<HeartRate bpm={230} beatawareId="abcdefghijklmnop" />);
    expect(screen.getByText('--')).toBeTruthy();
  });

  it('reveals the report link on double-click', () => {
    renderWithProviders(<HeartRate bpm={72} beatawareId="abcdefghijklmnop" />);
    expect(screen.queryByRole('link', { name: 'Open report' })).toBeNull();
    fireEvent.doubleClick(screen.getByText('72'));
    expect(screen.getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe('/reports/abcdefghijklmnop');
  });

  it('has no link without a report id', () => {
    renderWithProviders(<HeartRate bpm={72} beatawareId={null} />);
    fireEvent.doubleClick(screen.getByText('72'));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
