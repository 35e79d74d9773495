import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configRoutes, patientProfileRoutes, recordingRoutes } from '@auscura/contracts';
import { ApiError, apiDownload, apiRequest, setApiAuth } from './api-client.ts';

const onSessionEnded = vi.fn();

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    // A 204 must have a null body: the Response constructor refuses any other.
    vi.fn(() => Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers }))),
  );
}

beforeEach(() => {
  onSessionEnded.mockClear();
  setApiAuth({ getAccessToken: () => Promise.resolve('token'), onSessionEnded });
});

afterEach(() => {
  setApiAuth(null);
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('returns the validated body and the paging headers', async () => {
    respond(200, { items: [], totalCount: 42 }, { 'X-Total-Count': '42', 'X-Page-Number': '2', 'X-Page-Size': '10' });
    const answer = await apiRequest(patientProfileRoutes.search, 200, { query: { q: '{}' } });
    expect(answer.data).toEqual({ items: [], totalCount: 42 });
    expect(answer.paging).toEqual({ totalCount: 42, pageNumber: 2, pageSize: 10 });
  });

  it('turns a catalogue error into an ApiError with its code', async () => {
    respond(404, { type: 8, name: 'RESOURCE_DOES_NOT_EXIST', message: 'No such patient' });
    const failure = apiRequest(patientProfileRoutes.get, 200, { params: { id: 'x' } });
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'RESOURCE_DOES_NOT_EXIST', type: 8 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('starts a new sign-in when the server says the session expired', async () => {
    respond(401, { type: 4, name: 'EXPIRED_SESSION', message: 'Session expired' });
    await expect(apiRequest(patientProfileRoutes.search, 200)).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('asks for a fresh sign-in (step-up) instead of ending the session when the server says so', async () => {
    const onStepUpRequired = vi.fn();
    setApiAuth({ getAccessToken: () => Promise.resolve('token'), onSessionEnded, onStepUpRequired });
    respond(
      401,
      { type: 4, name: 'EXPIRED_SESSION', message: 'Sign in again' },
      { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=600' },
    );
    await expect(apiRequest(patientProfileRoutes.search, 200)).rejects.toBeInstanceOf(ApiError);
    expect(onStepUpRequired).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('goes back to onboarding when the server says a step is pending (18)', async () => {
    const onOnboardingPending = vi.fn();
    setApiAuth({ getAccessToken: () => Promise.resolve('token'), onSessionEnded, onOnboardingPending });
    respond(409, { type: 18, name: 'HCP_SHOULD_REFRESH_DATA_ERROR', message: 'Finish setting up' });
    await expect(apiRequest(patientProfileRoutes.search, 200)).rejects.toMatchObject({ status: 409 });
    expect(onOnboardingPending).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports a non-catalogue failure without a code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))),
    );
    await expect(apiRequest(patientProfileRoutes.search, 200)).rejects.toMatchObject({ status: 502, code: null });
  });

  it('rejects an answer that does not match the contract', async () => {
    respond(200, { items: 'not a list', totalCount: 1 });
    await expect(apiRequest(patientProfileRoutes.search, 200)).rejects.toThrow();
  });

  it('sends public calls without a token', async () => {
    setApiAuth(null);
    respond(204, null);
    await apiRequest(configRoutes.reportClientError, 204, { body: { message: 'x', kind: 'error' } });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });
});

describe('binary downloads', () => {
  it('streams the bytes with the token and reports progress against Content-Length', async () => {
    const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Length': '5' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: Array<[number, number | null]> = [];
    const bytes = await apiDownload(
      recordingRoutes.silenced,
      { id: 'a b' },
      {
        onProgress: ({ loaded, total }) => progress.push([loaded, total]),
      },
    );
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([
      [0, 5],
      [3, 5],
      [5, 5],
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auscultations/a%20b/recording/normalized-data-silenced');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
  });

  it('fails with the catalogue error when the file is missing', async () => {
    respond(404, { type: 8, name: 'RESOURCE_DOES_NOT_EXIST', message: 'Not ready' });
    await expect(apiDownload(recordingRoutes.algo1, { id: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
