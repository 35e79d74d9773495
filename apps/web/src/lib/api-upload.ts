import { apiErrorSchema } from '@auscura/contracts';
import type { Endpoint, EndpointParams, EndpointQuery, EndpointStatus, ResponseBody } from '@auscura/contracts';
import { ApiError, authorization, buildUrl } from './api-client.ts';
import type { ApiResponse } from './api-client.ts';

type UploadProgress = { loaded: number; total: number };

/**
 * Sends a multipart body to one endpoint with the bearer token, reporting upload progress.
 * XMLHttpRequest, because fetch reports no upload progress. The answer is validated with the
 * contract's schema for the status received (any of `statuses`).
 */
export async function apiUpload<E extends Endpoint, S extends EndpointStatus<E>>(
  endpoint: E,
  statuses: readonly S[],
  options: {
    params: EndpointParams<E>;
    /** The endpoint's query (a remote recording names its virtual exam and request). */
    query?: EndpointQuery<E>;
    body: FormData;
    signal?: AbortSignal;
    onProgress?: (progress: UploadProgress) => void;
    /** A patient's session token (self exams, the live exam): sent instead of the signed-in provider's. */
    bearer?: string;
  },
): Promise<ApiResponse<ResponseBody<E, S>>> {
  const auth = options.bearer
    ? { header: `Bearer ${options.bearer}`, onSessionError: () => undefined }
    : await authorization();
  const url = buildUrl(endpoint, {
    params: options.params as Record<string, string>,
    query: options.query as Record<string, string> | undefined,
  });
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    // A network failure or an abort: the request may or may not have reached the server.
    xhr.onerror = () => reject(new ApiError('The upload failed: network error', 0, null, null));
    xhr.onabort = () => reject(options.signal?.reason ?? new ApiError('The upload was cancelled', 0, null, null));
    xhr.ontimeout = () => reject(new ApiError('The upload timed out', 0, null, null));
  });
  const onAbort = () => xhr.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  xhr.open(endpoint.method, url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.setRequestHeader('Authorization', auth.header);
  xhr.send(options.body);
  try {
    const { status, text } = await done;
    let raw: unknown = null;
    try {
      raw = text ? JSON.parse(text) : null;
    } catch {
      raw = null;
    }
    if (status < 200 || status >= 300) {
      const parsed = apiErrorSchema.safeParse(raw);
      const error = parsed.success
        ? new ApiError(parsed.data.message, status, parsed.data.name, parsed.data.type)
        : new ApiError(`Request failed with status ${status}`, status, null, null);
      if (error.isSessionError) auth.onSessionError();
      throw error;
    }
    if (!(statuses as readonly number[]).includes(status)) {
      throw new ApiError(`Unexpected status ${status}`, status, null, null);
    }
    const schema = endpoint.responses[status];
    const data = schema ? schema.parse(raw) : raw;
    return {
      data: data as ResponseBody<E, S>,
      status,
      paging: { totalCount: null, pageNumber: null, pageSize: null },
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
