import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompatibilityTestPage } from './compatibility-test-page.tsx';

// The API and the WebRTC connection are the boundaries: the token's answer is set per test, and
// starting the connection tests is only recorded (jsdom has no RTCPeerConnection).
const tokenAnswer = vi.fn();
vi.mock('../../../lib/api/video/get-compatibility-token.ts', () => ({
  getCompatibilityToken: () => tokenAnswer(),
}));
const startConnectionTests = vi.fn();
vi.mock('../hooks/use-connection-tests.ts', () => ({ useConnectionTests: () => startConnectionTests }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const nextStep = () => screen.getByRole('button', { name: 'Next step' }) as HTMLButtonElement;

describe('the compatibility test page', () => {
  it("says the app has expired when the token answers 'token server expired', and goes nowhere (§8)", async () => {
    tokenAnswer.mockResolvedValue({ expired: true });
    renderWithProviders(<CompatibilityTestPage />);
    expect(await screen.findByText('App has expired.')).toBeTruthy();
    expect(screen.getByText('Please re-deploy the application and try again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Get started' }) as HTMLButtonElement).disabled).toBe(true);
    expect(nextStep().disabled).toBe(true);
  });

  it('starts the connection tests when Get started is left, then tests the browser (jsdom is not a supported one)', async () => {
    tokenAnswer.mockResolvedValue({
      expired: false,
      token: { token: 'ct1.x.y', expiresIn: 600, service: 'p2p' },
    });
    renderWithProviders(<CompatibilityTestPage />);
    const start = screen.getByRole('button', { name: /Get started|Preparing/ }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    expect(screen.getByRole('navigation', { name: 'Compatibility test steps' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(startConnectionTests).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('New browser needed');
    expect(nextStep().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Is this computer ready for a live exam?');
  });
});
