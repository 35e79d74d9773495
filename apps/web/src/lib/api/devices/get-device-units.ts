import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceRoutes } from '@auscura/contracts';
import type { DeviceUnit } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { deviceUnitKeys } from './keys.ts';

/** clinician-portal §7 `GET /ems/log`: the stethoscopes and USB microphones the product recognizes. */
export async function getDeviceUnits(signal?: AbortSignal): Promise<DeviceUnit[]> {
  const { data } = await apiRequest(deviceRoutes.log, 200, { signal });
  return data.deviceUnits;
}

export function getDeviceUnitsQueryOptions() {
  return queryOptions({ queryKey: deviceUnitKeys.all, queryFn: ({ signal }) => getDeviceUnits(signal) });
}

export function useDeviceUnits() {
  return useQuery(getDeviceUnitsQueryOptions());
}
