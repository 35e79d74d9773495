/** Signs in through the built-in provider over HTTP (authorization code + PKCE); answers the access token. */
export function signInOverHttp(origin: string, email: string, password: string): Promise<string>;
