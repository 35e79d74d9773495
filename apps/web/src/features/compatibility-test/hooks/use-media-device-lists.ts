import { useEffect, useState } from 'react';
import { listMediaDevices } from '../../../lib/media/devices.ts';
import type { MediaDeviceLists } from '../../../lib/media/devices.ts';

type DeviceListsWithOutputs = MediaDeviceLists & { audioOutputs: { deviceId: string; label: string }[] };

const empty: DeviceListsWithOutputs = { videoInputs: [], audioInputs: [], stethoscopes: [], audioOutputs: [] };

async function readLists(): Promise<DeviceListsWithOutputs> {
  const lists = await listMediaDevices();
  const outputs = (await navigator.mediaDevices.enumerateDevices())
    .filter((device) => device.kind === 'audiooutput' && device.deviceId !== '')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Speaker ${index + 1}` }));
  return { ...lists, audioOutputs: outputs };
}

/**
 * The camera, microphone and speaker lists, read again on every devicechange and, as §9 says,
 * 500 ms after the panes open (a permission just granted makes the labels readable).
 */
export function useMediaDeviceLists(): DeviceListsWithOutputs {
  const [lists, setLists] = useState(empty);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void readLists()
        .then((next) => live && setLists(next))
        .catch(() => undefined);
    refresh();
    const timer = setTimeout(refresh, 500);
    navigator.mediaDevices?.addEventListener('devicechange', refresh);
    return () => {
      live = false;
      clearTimeout(timer);
      navigator.mediaDevices?.removeEventListener('devicechange', refresh);
    };
  }, []);
  return lists;
}
