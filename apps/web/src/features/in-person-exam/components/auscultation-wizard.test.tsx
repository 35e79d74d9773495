import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuscultationWizard } from './auscultation-wizard.tsx';

// The audio device is the boundary: a LiveInput whose recorder captured nothing (exams-and-devices §4:
// a recording of size 0 is an error).
const record = vi.fn(() => ({
  done: Promise.resolve({ samples: new Float32Array(0), sampleRate: 44_100 }),
  stop: vi.fn(),
}));
vi.mock('../../../lib/audio/live-input.ts', () => ({
  LiveInput: {
    create: vi.fn(async () => ({
      record,
      setMonitoring: vi.fn(),
      configureMonitor: vi.fn(),
      destroy: vi.fn(),
      deviceLabel: 'USB MIC',
      onLevel: null,
      onEnded: null,
    })),
  },
}));

afterEach(cleanup);

describe('AuscultationWizard', () => {
  it('walks point → Auscultate with Back, and answers an empty recording with the Auscultation Error dialog', async () => {
    renderWithProviders(
      <AuscultationWizard
        examId="00000000-0000-4000-8000-000000000002"
        patientProfileId="00000000-0000-4000-8000-0000000000aa"
        deviceId="steth"
        onSaved={vi.fn()}
      />,
    );
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.click(next);
    expect(screen.getByText(/Place the stethoscope on/).textContent).toContain('Other');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('60.0 s')).toBeTruthy();
    const start = screen.getByRole('button', { name: 'Start Auscultation' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'Auscultation Error' });
    expect(dialog.textContent).toContain(
      'There was an error during the auscultation. The auscultation has been cancelled. Please try again.',
    );
    expect(record).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Auscultation Error' })).toBeNull());
    // Still on Auscultate, ready for another try.
    expect(screen.getByRole('button', { name: 'Start Auscultation' })).toBeTruthy();
  });
});
