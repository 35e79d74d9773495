import { apiBasePath, apiErrorSchema, buildPath, pagingHeaders } from '@auscura/contracts';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointRequest,
  EndpointStatus,
  ErrorName,
  ExtraFields,
  ResponseBody,
} from '@auscura/contracts';
import { env } from '../config/env.ts';

/** A failed API call. `code` is the catalogue name when the server answered with a catalogue error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorName | null,
    readonly type: number | null,
  ) {
    super(message);
  }

  /** The session is gone: the caller must sign in again rather than show an error. */
  get isSessionError(): boolean {
    return this.status === 401 && (this.code === 'EXPIRED_SESSION' || this.code === 'UNAUTHORIZED');
  }
}

export type Paging = { totalCount: number | null; pageNumber: number | null; pageSize: number | null };
export type ApiResponse<T> = { data: T; status: number; paging: Paging };

type AuthHooks = {
  /** Returns a bearer token for the API audience. */
  getAccessToken: () => Promise<string>;
  /** Starts a new sign-in; called when the server says the session is over. */
  onSessionEnded: () => void;
  /** The server wants a fresh sign-in before this change (step-up, RFC 9470). */
  onStepUpRequired?: () => void;
  /** The server says an onboarding step is pending (HCP_SHOULD_REFRESH_DATA_ERROR): back to the wizard. */
  onOnboardingPending?: () => void;
};

// Set by the auth bridge once Auth0Provider is mounted; the client is a plain module so query functions can use it.
let authHooks: AuthHooks | null = null;

export function setApiAuth(hooks: AuthHooks | null): void {
  authHooks = hooks;
}

/** The params, query and body the endpoint declares (typed by its schemas), and the fetch extras. */
type RequestOptions<E extends Endpoint> = EndpointRequest<E> & {
  signal?: AbortSignal;
  /** The request may outlive the page (error reports sent while it unloads). */
  keepalive?: boolean;
  /**
   * A patient's token for a public endpoint that takes one of its own (the session of a virtual
   * exam, or of a self-exam request); signed-in calls use the provider's token and ignore this.
   */
  bearer?: string;
};

/** The fields of the body sent that the endpoint's body schema lacks (never when there are none). */
type ExtraBodyFields<E extends Endpoint, O> = O extends { body?: infer B }
  ? ExtraFields<B, EndpointBody<E>, 'body'>
  : never;

/**
 * The options argument: required when the endpoint requires params or a body. Its fields are
 * checked against the endpoint's schemas; a body's unknown fields are refused also when the body
 * is a value built elsewhere and not an object literal.
 */
type OptionsArgs<E extends Endpoint, O> = [ExtraBodyFields<E, O>] extends [never]
  ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends RequestOptions<E>
    ? [options?: O]
    : [options: O]
  : [options: O & { 'sends body fields the endpoint does not accept': ExtraBodyFields<E, O> }];

type LooseOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
  bearer?: string;
};

function readNumberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The endpoint's URL with its path parameters and query. */
export function buildUrl(endpoint: Endpoint, options: LooseOptions): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${env.apiOrigin}${apiBasePath}${buildPath(endpoint.path, options.params)}${query ? `?${query}` : ''}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data.message, response.status, parsed.data.name, parsed.data.type);
  return new ApiError(`Request failed with status ${response.status}`, response.status, null, null);
}

/** Routes the errors that end or redirect the session to the auth bridge. */
function reactToError(response: Response, error: ApiError): void {
  if (/insufficient_user_authentication/.test(response.headers.get('WWW-Authenticate') ?? '')) {
    authHooks?.onStepUpRequired?.();
  } else if (error.isSessionError) {
    authHooks?.onSessionEnded();
  } else if (error.code === 'HCP_SHOULD_REFRESH_DATA_ERROR') {
    authHooks?.onOnboardingPending?.();
  }
}

/**
 * Calls one endpoint of the contract and validates the answer with the schema the contract
 * declares for the status received, so a server that drifts from the contract fails loudly here.
 */
export async function apiRequest<
  E extends Endpoint,
  S extends EndpointStatus<E>,
  O extends RequestOptions<E> = RequestOptions<E>,
>(endpoint: E, status: S, ...args: OptionsArgs<E, O>): Promise<ApiResponse<ResponseBody<E, S>>> {
  const options: LooseOptions = (args[0] as LooseOptions | undefined) ?? {};
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (!endpoint.public) {
    if (!authHooks) throw new ApiError('Not signed in', 401, 'UNAUTHORIZED', null);
    headers.set('Authorization', `Bearer ${await authHooks.getAccessToken()}`);
  } else if (options.bearer) {
    headers.set('Authorization', `Bearer ${options.bearer}`);
  }

  const response = await fetch(buildUrl(endpoint, options), {
    method: endpoint.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  });

  if (!response.ok) {
    const error = await toApiError(response);
    // A public endpoint's 401, or a patient token's (a patient's code or session ran out), is the
    // patient page's business: it says nothing of the provider's sign-in.
    if (!endpoint.public && !options.bearer) reactToError(response, error);
    throw error;
  }
  if (response.status !== status) {
    throw new ApiError(`Unexpected status ${response.status}, expected ${status}`, response.status, null, null);
  }

  const schema = endpoint.responses[status];
  const raw: unknown = response.status === 204 ? null : await response.json();
  const data = schema ? schema.parse(raw) : raw;
  const paging: Paging = {
    totalCount: readNumberHeader(response.headers, pagingHeaders.totalCount),
    pageNumber: readNumberHeader(response.headers, pagingHeaders.pageNumber),
    pageSize: readNumberHeader(response.headers, pagingHeaders.pageSize),
  };
  return { data: data as ResponseBody<E, S>, status: response.status, paging };
}

export type DownloadProgress = { loaded: number; total: number | null };

/**
 * Fetches a binary answer of the API (e.g. the contracts' recordingRoutes) with the bearer token, reporting progress from Content-Length as it streams.
 */
export async function apiDownload<E extends Endpoint>(
  endpoint: E,
  params: EndpointParams<E>,
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
    /** The endpoint's query (e.g. the report's paper size). */
    query?: EndpointQuery<E>;
  } = {},
): Promise<ArrayBuffer> {
  if (!authHooks) throw new ApiError('Not signed in', 401, 'UNAUTHORIZED', null);
  const headers = new Headers({ Authorization: `Bearer ${await authHooks.getAccessToken()}` });
  const url = buildUrl(endpoint, {
    params: params as Record<string, string>,
    query: options.query as LooseOptions['query'],
  });
  const response = await fetch(url, {
    headers,
    signal: options.signal,
  });
  if (!response.ok) {
    const error = await toApiError(response);
    reactToError(response, error);
    throw error;
  }
  const total = readNumberHeader(response.headers, 'Content-Length');
  if (!response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    options.onProgress?.({ loaded, total });
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** The bearer header for calls made outside apiRequest (uploads with progress); ends the session like apiRequest does. */
export async function authorization(): Promise<{ header: string; onSessionError: () => void }> {
  if (!authHooks) throw new ApiError('Not signed in', 401, 'UNAUTHORIZED', null);
  const hooks = authHooks;
  return { header: `Bearer ${await hooks.getAccessToken()}`, onSessionError: hooks.onSessionEnded };
}
