import { useCallback, useEffect, useRef, useState } from 'react';
import { listMediaDevices, readDeviceChoice, replacementDevice, saveDeviceChoice } from '../lib/media/devices.ts';
import type { MediaDeviceLists } from '../lib/media/devices.ts';
import { cameraConstraints, microphoneConstraints, runMediaCheck } from '../lib/media/media-check.ts';
import type { MediaFailure } from '../lib/media/media-check.ts';

type LocalMediaCheck = { status: 'inProgress' } | { status: 'passed' } | { status: 'failed'; reason: MediaFailure };

const emptyLists: MediaDeviceLists = { videoInputs: [], audioInputs: [], stethoscopes: [] };

/**
 * The local camera and microphone of the lobby and the room (exams-and-devices §2.3, §4): the
 * compatibility check before anything shows, the stream, the toggles, the device choices (kept in
 * the browser), and §4's media device state — when the device in use disappears another one of its
 * kind takes over and `onDeviceSwitched` says which.
 */
export function useLocalMedia(options: { onDeviceSwitched?: (kind: 'audio' | 'video', label: string) => void } = {}) {
  const [check, setCheck] = useState<LocalMediaCheck>({ status: 'inProgress' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDeviceLists>(emptyLists);
  const [cameraOn, setCameraOn] = useState(true);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [choice, setChoice] = useState({
    videoInputDeviceId: readDeviceChoice('videoInputDeviceId'),
    audioInputDeviceId: readDeviceChoice('audioInputDeviceId'),
  });
  const [attempt, setAttempt] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const switched = useRef(options.onDeviceSwitched);
  switched.current = options.onDeviceSwitched;

  useEffect(() => {
    let cancelled = false;
    setCheck({ status: 'inProgress' });
    void runMediaCheck(choice).then(async (result) => {
      if (cancelled) {
        if (result.status === 'passed') for (const track of result.stream.getTracks()) track.stop();
        return;
      }
      if (result.status === 'failed') return setCheck(result);
      streamRef.current = result.stream;
      setStream(result.stream);
      setDevices(await listMediaDevices());
      setCheck({ status: 'passed' });
    });
    return () => {
      cancelled = true;
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
    // The check runs once per mount and per Retry; device changes replace tracks, not the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  /** Replaces one kind's track in the stream with the given device's; answers the new track. */
  const switchDevice = useCallback(async (kind: 'audio' | 'video', deviceId: string | null) => {
    const current = streamRef.current;
    if (!current) return null;
    const fresh = await navigator.mediaDevices.getUserMedia(
      kind === 'video' ? { video: cameraConstraints(deviceId) } : { audio: microphoneConstraints(deviceId) },
    );
    const track = fresh.getTracks()[0]!;
    const old = kind === 'video' ? current.getVideoTracks() : current.getAudioTracks();
    for (const previous of old) {
      track.enabled = previous.enabled;
      previous.stop();
      current.removeTrack(previous);
    }
    current.addTrack(track);
    // A new stream object, so that previews and rooms holding the old one re-render.
    const next = new MediaStream(current.getTracks());
    streamRef.current = next;
    setStream(next);
    return track;
  }, []);

  const choose = useCallback(
    async (kind: 'audio' | 'video', deviceId: string) => {
      const key = kind === 'video' ? 'videoInputDeviceId' : 'audioInputDeviceId';
      saveDeviceChoice(key, deviceId);
      setChoice((previous) => ({ ...previous, [key]: deviceId }));
      await switchDevice(kind, deviceId);
    },
    [switchDevice],
  );

  useEffect(() => {
    if (check.status !== 'passed') return;
    const onChange = () =>
      void listMediaDevices().then(async (lists) => {
        setDevices(lists);
        for (const kind of ['video', 'audio'] as const) {
          const track =
            kind === 'video' ? streamRef.current?.getVideoTracks()[0] : streamRef.current?.getAudioTracks()[0];
          const available = kind === 'video' ? lists.videoInputs : lists.audioInputs;
          const key = kind === 'video' ? 'videoInputDeviceId' : 'audioInputDeviceId';
          const inUse = track?.readyState === 'live' ? (track.getSettings().deviceId ?? null) : null;
          const next = replacementDevice(inUse, available, readDeviceChoice(key));
          if (!next) continue;
          await switchDevice(kind, next.deviceId).catch(() => null);
          switched.current?.(kind, next.label);
        }
      });
    navigator.mediaDevices.addEventListener('devicechange', onChange);
    return () => navigator.mediaDevices.removeEventListener('devicechange', onChange);
  }, [check.status, switchDevice]);

  const toggleCamera = useCallback(() => {
    setCameraOn((on) => {
      for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);
  const toggleMicrophone = useCallback(() => {
    setMicrophoneOn((on) => {
      for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return { check, stream, devices, choice, cameraOn, microphoneOn, toggleCamera, toggleMicrophone, choose, retry };
}
export type LocalMedia = ReturnType<typeof useLocalMedia>;
