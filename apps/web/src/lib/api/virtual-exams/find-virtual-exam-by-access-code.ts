import { useMutation } from '@tanstack/react-query';
import { normalizeAccessCode, virtualExamRoutes } from '@auscura/contracts';
import type { z } from 'zod';
import type { accessCodeLookupSchema } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

type AccessCodeLookup = z.infer<typeof accessCodeLookupSchema>;

/**
 * Patient portal (unauth): which virtual exam a code opens. Any code that opens none answers
 * EXPIRED_ACCESS_CODE (401); too many tries answer 429.
 */
export async function findVirtualExamByAccessCode(code: string): Promise<AccessCodeLookup> {
  const { data } = await apiRequest(virtualExamRoutes.byAccessCode, 200, {
    params: { code: normalizeAccessCode(code) },
  });
  return data;
}

export function useFindVirtualExamByAccessCode() {
  return useMutation({ mutationFn: findVirtualExamByAccessCode });
}
