import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A tiny cookie jar for app.inject: keeps the provider's session cookies between requests. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    const list = Array.isArray(header) ? header : header ? [header] : [];
    for (const line of list) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const clientId = 'auscura-web';
const redirectUri = 'http://localhost:8080/auth-callback';

/**
 * Walks the same authorization-code + PKCE flow the web app's Auth0 SDK walks, against the
 * built-in provider, through app.inject. Returns the sign-in page's answer to the credentials.
 */
export async function submitCredentials(
  app: FastifyInstance,
  email: string,
  password: string,
  audience = 'https://api.auscura.example',
  /** The client address the requests come from (X-Forwarded-For; the test app trusts 127.0.0.1). */
  clientAddress?: string,
) {
  const forwarded = clientAddress ? { 'x-forwarded-for': clientAddress } : {};
  const jar = new CookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const authorize = await app.inject({
    method: 'GET',
    url: '/authorize',
    headers: forwarded,
    query: {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email api offline_access',
      audience,
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    },
  });
  jar.store(authorize);
  const interactionUrl = authorize.headers.location;
  if (authorize.statusCode !== 303 || typeof interactionUrl !== 'string') {
    throw new Error(`authorize answered ${authorize.statusCode}: ${authorize.body}`);
  }
  const page = await app.inject({
    method: 'GET',
    url: interactionUrl,
    headers: { cookie: jar.header(), ...forwarded },
  });
  jar.store(page);
  /** Submits the sign-in form of this interaction (again: a refused one shows the form anew). */
  const submit = (withPassword: string) =>
    app.inject({
      method: 'POST',
      url: `${interactionUrl}/login`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', ...forwarded },
      payload: new URLSearchParams({ email, password: withPassword }).toString(),
    });
  const login = await submit(password);
  jar.store(login);
  return { jar, verifier, login, signInPage: page, submit };
}

export type Tokens = { access_token: string; id_token: string; refresh_token?: string; expires_in: number };

/** Signs in and exchanges the code for tokens; throws when the credentials are refused. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Tokens> {
  return (await signInWithSession(app, email, password)).tokens;
}

/** signIn, also answering the browser's cookies (the provider's `_session`). */
export async function signInWithSession(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ tokens: Tokens; cookie: string }> {
  const { jar, verifier, login } = await submitCredentials(app, email, password);
  const firstLocation = login.headers.location;
  if (login.statusCode !== 303 || typeof firstLocation !== 'string') {
    throw new Error(`sign-in refused (${login.statusCode})`);
  }
  let location: string = firstLocation;
  // Follow the provider's redirects (resume → callback) until the code arrives at the callback.
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    const url: URL = new URL(location, 'http://localhost:8080');
    const next: LightMyRequestResponse = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: jar.header() },
    });
    jar.store(next);
    const nextLocation: unknown = next.headers.location;
    if (typeof nextLocation !== 'string')
      throw new Error(`redirect chain stopped at ${url.pathname} (${next.statusCode}): ${next.body.slice(0, 300)}`);
    location = nextLocation;
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token exchange answered ${token.statusCode}: ${token.body}`);
  return { tokens: token.json() as Tokens, cookie: jar.header() };
}

/** A silent authorization request (`prompt=none`) with the browser's cookies: the redirect it answers. */
export async function silentAuthorize(app: FastifyInstance, cookie: string): Promise<URL> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const response = await app.inject({
    method: 'GET',
    url: '/authorize',
    headers: { cookie },
    query: {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      audience: 'https://api.auscura.example',
      state: 'state-2',
      nonce: 'nonce-2',
      prompt: 'none',
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    },
  });
  let location = response.headers.location;
  // The provider may resume once before it answers the callback.
  if (typeof location === 'string' && !location.startsWith(redirectUri)) {
    const next = await app.inject({ method: 'GET', url: location, headers: { cookie } });
    location = next.headers.location;
  }
  if (typeof location !== 'string') throw new Error(`authorize answered ${response.statusCode} without a redirect`);
  return new URL(location);
}

/** The refresh-token grant: the status and body the token endpoint answers. */
export async function refresh(app: FastifyInstance, refreshToken: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
    }).toString(),
  });
  return { status: response.statusCode, body: response.json() as Partial<Tokens> & { error?: string } };
}

/** A signed-in provider as tests use it: the access token and the ids its claims carry. */
export type ProviderSession = { token: string; id: string; organizationId: string };

export async function signInProvider(app: FastifyInstance, email: string, password: string): Promise<ProviderSession> {
  const tokens = await signIn(app, email, password);
  const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
  return {
    token: tokens.access_token,
    id: claims['https://auscura.example/healthcareProviderId'],
    organizationId: claims['https://auscura.example/organizationId'],
  };
}
