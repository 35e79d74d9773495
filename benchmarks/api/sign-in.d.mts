/** Signs in through the built-in provider over HTTP (authorization code + PKCE); answers the access token. */
export function signInOverHttp(origin: string, email: string, password: string): Promise<string>;
/** Ada signed in, with a fetch of `/api/v1` paths that sends her token. */
export function signedInAsAda(
  origin: string,
): Promise<{ token: string; api: (url: string, init?: RequestInit) => Promise<Response> }>;
