import { tokenServerExpiredMessage, videoRoutes } from '@auscura/contracts';
import type { CompatibilityToken } from '@auscura/contracts';
import { ApiError, apiRequest } from '../../api-client.ts';

type CompatibilityTokenAnswer = { expired: false; token: CompatibilityToken } | { expired: true };

/**
 * exams-and-devices §7.2/§7.6: the compatibility test's token. The answer 'token server expired'
 * means the operator has ended the public test: the app is expired (§8), not failing.
 */
export async function getCompatibilityToken(signal?: AbortSignal): Promise<CompatibilityTokenAnswer> {
  try {
    const { data } = await apiRequest(videoRoutes.compatibilityTestToken, 200, { signal });
    return { expired: false, token: data };
  } catch (error) {
    if (error instanceof ApiError && error.message === tokenServerExpiredMessage) return { expired: true };
    throw error;
  }
}
