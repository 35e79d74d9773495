// Signs in through the built-in provider over HTTP, the way the web app's SDK does
// (authorization code + PKCE), and returns the access token. Used by the API benchmarks.
import crypto from 'node:crypto';

export async function signInOverHttp(origin, email, password) {
  const cookies = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${origin}/auth-callback`;
  const authorize = new URL('/authorize', origin);
  for (const [k, v] of Object.entries({
    client_id: 'auscura-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email api offline_access',
    audience: 'https://api.auscura.example',
    state: 's',
    nonce: 'n',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(k, v);
  let response = await fetch(authorize, { redirect: 'manual' });
  keep(response);
  let location = new URL(response.headers.get('location'), origin);
  response = await fetch(new URL(`${location.pathname}/login`, origin), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  keep(response);
  if (response.status !== 303) throw new Error(`sign-in refused: ${response.status}`);
  location = new URL(response.headers.get('location'), origin);
  for (let hop = 0; hop < 5 && !location.href.startsWith(redirectUri); hop++) {
    response = await fetch(location, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(response);
    location = new URL(response.headers.get('location'), origin);
  }
  const code = location.searchParams.get('code');
  response = await fetch(new URL('/oauth/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'auscura-web',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const tokens = await response.json();
  if (!tokens.access_token) throw new Error(`no token: ${JSON.stringify(tokens)}`);
  return tokens.access_token;
}

/**
 * Ada signed in, with a fetch of `/api/v1` paths that sends her token: what the upload and report
 * benchmarks start from.
 */
export async function signedInAsAda(origin) {
  const token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  const api = (url, init = {}) =>
    fetch(`${origin}/api/v1${url}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
  return { token, api };
}
