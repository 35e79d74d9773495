import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CompatibilityError } from '../../../../components/media/compatibility-error.tsx';
import { ProviderRoom, videoNotStartedText } from './provider-room.tsx';
import { TargetMarker } from './target-marker.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const media = {
  check: { status: 'passed' },
  stream: null,
  devices: { videoInputs: [], audioInputs: [], stethoscopes: [] },
  choice: { videoInputDeviceId: null, audioInputDeviceId: null },
  cameraOn: true,
  microphoneOn: true,
  toggleCamera: vi.fn(),
  toggleMicrophone: vi.fn(),
  choose: vi.fn(),
  retry: vi.fn(),
} as unknown as LocalMedia;

describe('the provider’s room', () => {
  it('labels every control, and warns when the patient’s video has not started after 5 s', () => {
    vi.useFakeTimers();
    const onExit = vi.fn();
    const onTargetEnabledChange = vi.fn();
    render(
      <ProviderRoom
        media={media}
        remoteStream={null}
        remoteVersion={0}
        state="connecting"
        patientPresent
        targetEnabled={false}
        onTargetEnabledChange={onTargetEnabledChange}
        targetPosition={[0.5, 0.5]}
        onTargetMove={vi.fn()}
        onExit={onExit}
        sidePanel={null}
      />,
    );
    for (const name of ['Turn camera off', 'Mute microphone', 'Settings', 'Show target', 'Exit']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByLabelText('Patient video')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Auscultations' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(4900));
    expect(screen.queryByText(videoNotStartedText)).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText(videoNotStartedText)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show target' }));
    expect(onTargetEnabledChange).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(onExit).toHaveBeenCalled();
  });

  it('moves the 51 px target with the arrow keys, its position relative to the view', () => {
    const onMove = vi.fn();
    render(<TargetMarker position={[0.5, 0.99]} onMove={onMove} />);
    const marker = screen.getByRole('slider', { name: 'Target' });
    expect(marker.getAttribute('aria-valuetext')).toBe('50% across, 99% down');
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    expect(onMove).toHaveBeenLastCalledWith([0.52, 0.99]);
    fireEvent.keyDown(marker, { key: 'ArrowDown' });
    expect(onMove).toHaveBeenLastCalledWith([0.5, 1]);
  });

  it('says why the room cannot open, with Retry', () => {
    const onRetry = vi.fn();
    render(<CompatibilityError reason="trackError" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Compatibility Error' })).toBeTruthy();
    expect(screen.getByText("Can't start your camera or microphone")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
