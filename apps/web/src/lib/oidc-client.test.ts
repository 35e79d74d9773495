// @vitest-environment node
// (jsdom's realm makes the Web Crypto digests of the PKCE challenge fail: the browser's own APIs are Node's here)
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOidcClient, OidcError } from './oidc-client.ts';

const domain = 'http://localhost:8080';
const clientId = 'auscura-web';
const audience = 'https://api.auscura.example';
const scope = 'openid profile email api offline_access';
const redirectUri = 'http://localhost:8080/auth-callback';
const cacheKey = `@@auth0spajs@@::${clientId}::${audience}::${scope}`;

/** The Storage interface over a Map: the client's storages are the page's in the app. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}
const localStorage = new MemoryStorage();
const sessionStorage = new MemoryStorage();

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An id token as the provider issues it (the client trusts the token endpoint's TLS, not the signature). */
function idToken(claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: `${domain}/`, aud: clientId, sub: 'hcp-1', iat: now, exp: now + 3600, ...claims };
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

function tokenResponse(body: Record<string, unknown>, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(answers: Array<() => Response>) {
  const requests: URLSearchParams[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new URLSearchParams(String(init?.body)));
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer();
  });
  const navigate = vi.fn<(url: string) => void>();
  const client = createOidcClient({
    domain,
    clientId,
    audience,
    scope,
    redirectUri,
    storage: localStorage,
    transactionStorage: sessionStorage,
    navigate,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, fetch, navigate, requests };
}

/** Starts a sign-in and comes back with a code, as the provider would redirect. */
async function signIn(client: ReturnType<typeof setup>['client'], navigate: ReturnType<typeof setup>['navigate']) {
  await client.loginWithRedirect({ appState: { returnTo: '/patients?p=2' } });
  const authorize = new URL(navigate.mock.calls[0]![0]);
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', 'the-code');
  callback.searchParams.set('state', authorize.searchParams.get('state')!);
  return { authorize, callback };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the built-in OIDC client', () => {
  it('sends the user to the provider with PKCE (S256), state, nonce, the audience and the scope', async () => {
    const { client, navigate } = setup([]);
    await client.loginWithRedirect({ maxAge: 0 });
    const url = new URL(navigate.mock.calls[0]![0]);
    expect(url.origin + url.pathname).toBe(`${domain}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      audience,
      code_challenge_method: 'S256',
      max_age: '0',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('exchanges the code with the verifier, keeps the tokens as the Auth0 SDK did, and gives back appState', async () => {
    const { client, navigate, requests } = setup([]);
    const { authorize, callback } = await signIn(client, navigate);
    const nonce = authorize.searchParams.get('nonce');
    const answers = [
      () =>
        tokenResponse({
          access_token: 'access-1',
          refresh_token: 'refresh-1',
          id_token: idToken({ nonce, name: 'Ada Lovelace', email: 'ada@riverside.example' }),
          token_type: 'Bearer',
          expires_in: 900,
        }),
    ];
    const second = setup(answers);
    // The same tab's storage: the transaction started by the first client is found by the second.
    const appState = await second.client.handleRedirectCallback(callback);

    expect(appState).toEqual({ returnTo: '/patients?p=2' });
    expect(Object.fromEntries(second.requests[0]!)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: redirectUri,
      client_id: clientId,
    });
    expect(second.requests[0]!.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    const entry = JSON.parse(localStorage.getItem(cacheKey)!);
    expect(entry.body.access_token).toBe('access-1');
    expect(entry.body.refresh_token).toBe('refresh-1');
    expect(second.client.getUser()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@riverside.example',
      sub: 'hcp-1',
    });
    expect(second.client.getUser()).not.toHaveProperty('nonce');
    expect(await second.client.getAccessToken()).toBe('access-1');
    expect(requests).toHaveLength(0);
  });

  it('refuses an id token whose nonce is not the one it sent', async () => {
    const first = setup([]);
    const { callback } = await signIn(first.client, first.navigate);
    const { client } = setup([
      () =>
        tokenResponse({
          access_token: 'a',
          id_token: idToken({ nonce: 'another' }),
          token_type: 'Bearer',
          expires_in: 900,
        }),
    ]);
    await expect(client.handleRedirectCallback(callback)).rejects.toThrow(/nonce/);
    expect(localStorage.getItem(cacheKey)).toBeNull();
  });

  it("reports the provider's error from the callback address with its code", async () => {
    const first = setup([]);
    const { callback } = await signIn(first.client, first.navigate);
    callback.searchParams.delete('code');
    callback.searchParams.set('error', 'access_denied');
    await expect(first.client.handleRedirectCallback(callback)).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('renews an expiring token once for concurrent callers, and keeps the rotated refresh token', async () => {
    const { client, requests } = setup([
      () =>
        tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 900 }),
    ]);
    localStorage.setItem(
      cacheKey,
      JSON.stringify({ body: { access_token: 'old', refresh_token: 'refresh-1' }, expiresAt: Date.now() / 1000 + 30 }),
    );
    const tokens = await Promise.all([client.getAccessToken(), client.getAccessToken()]);

    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(JSON.parse(localStorage.getItem(cacheKey)!).body.refresh_token).toBe('refresh-2');
  });

  it('says invalid_grant and forgets the session when the refresh token is refused', async () => {
    const { client } = setup([
      () => tokenResponse({ error: 'invalid_grant', error_description: 'grant revoked' }, 400),
    ]);
    localStorage.setItem(
      cacheKey,
      JSON.stringify({ body: { access_token: 'old', refresh_token: 'refresh-1' }, expiresAt: Date.now() / 1000 - 60 }),
    );
    const failure = await client.getAccessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OidcError);
    expect(failure).toMatchObject({ error: 'invalid_grant' });
    expect(localStorage.getItem(cacheKey)).toBeNull();
  });

  it('says missing_refresh_token when there is no session to renew', async () => {
    const { client, fetch } = setup([]);
    await expect(client.getAccessToken()).rejects.toMatchObject({ error: 'missing_refresh_token' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("signs out at the provider's Auth0-compatible logout, or only here with openUrl false", async () => {
    const { client, navigate } = setup([]);
    localStorage.setItem(cacheKey, JSON.stringify({ body: { access_token: 'a' }, expiresAt: Date.now() / 1000 + 900 }));
    client.logout({ openUrl: false });
    expect(localStorage.getItem(cacheKey)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    client.logout({ returnTo: `${domain}/signed-out` });
    const url = new URL(navigate.mock.calls[0]![0]);
    expect(url.pathname).toBe('/v2/logout');
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('returnTo')).toBe(`${domain}/signed-out`);
  });
});
