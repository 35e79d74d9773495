import { queryOptions, useQuery } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import type { AuscultationReport } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { auscultationKeys } from './keys.ts';

export async function getAuscultationReport(beatawareId: string, signal?: AbortSignal): Promise<AuscultationReport> {
  const { data } = await apiRequest(auscultationRoutes.report, 200, { params: { beatawareId }, signal });
  return data;
}

export function getAuscultationReportQueryOptions(beatawareId: string) {
  return queryOptions({
    queryKey: auscultationKeys.report(beatawareId),
    queryFn: ({ signal }) => getAuscultationReport(beatawareId, signal),
  });
}

export function useAuscultationReport(beatawareId: string) {
  return useQuery(getAuscultationReportQueryOptions(beatawareId));
}
