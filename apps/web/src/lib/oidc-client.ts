import * as oauth from 'oauth4webapi';

/**
 * Sign-in against the built-in OpenID Connect provider (the API's own, at Auth0-compatible paths):
 * authorization code with PKCE, tokens in local storage, silent renewal with the rotating refresh
 * token. The protocol is oauth4webapi's (panva); this file only keeps the session. It replaces the
 * Auth0 SDK in built-in mode (issue 41: 62 KB gzip less on the first screen) and behaves as the
 * SDK did with `useRefreshTokens` and `cacheLocation: 'localstorage'`, down to its storage layout,
 * so a session signed in before this change stays signed in.
 */

export type OidcClientOptions = {
  /** The provider's origin (the public config's `domain`). */
  domain: string;
  clientId: string;
  audience: string;
  scope: string;
  redirectUri: string;
  /** Defaults to the page's; tests pass their own. */
  storage?: Storage;
  transactionStorage?: Storage;
  /** Where the browser goes (sign-in, sign-out); tests pass a spy. */
  navigate?: (url: string) => void;
  fetch?: typeof fetch;
};

export type AppState = { returnTo?: string };

/** A token error with the OAuth code the API bridge reads (`login_required`, `invalid_grant`, …). */
export class OidcError extends Error {
  override readonly name = 'OidcError';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** The Auth0 SDK's cache entry, kept as it was (the end-to-end tests read the access token from it). */
type CacheEntry = {
  body: {
    access_token: string;
    refresh_token?: string;
    id_token?: string;
    expires_in: number;
    scope?: string;
    token_type: string;
    audience: string;
    client_id: string;
  };
  /** Seconds since the epoch. */
  expiresAt: number;
};
type UserEntry = { id_token: string; decodedToken: { claims: Record<string, unknown>; user: Record<string, unknown> } };
type Transaction = { state: string; nonce: string; verifier: string; appState?: AppState; maxAge?: number };

// The SDK renews an access token that has less than this left.
const expiryLeewaySeconds = 60;
// The claims that describe the token rather than the user; the SDK leaves them out of `user`.
const protocolClaims = [
  'iss',
  'aud',
  'exp',
  'nbf',
  'iat',
  'jti',
  'azp',
  'nonce',
  'auth_time',
  'at_hash',
  'c_hash',
  'sid',
];

export function createOidcClient(options: OidcClientOptions) {
  const origin = /^https?:\/\//.test(options.domain) ? options.domain.replace(/\/+$/, '') : `https://${options.domain}`;
  const issuer = new URL(`${origin}/`);
  const as: oauth.AuthorizationServer = {
    issuer: issuer.href,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    id_token_signing_alg_values_supported: ['RS256', 'ES256'],
  };
  const client: oauth.Client = { client_id: options.clientId };
  const clientAuth = oauth.None();
  // The built-in provider runs on plain http on a developer's or test machine; the library refuses that unless told.
  const requestOptions = {
    [oauth.allowInsecureRequests]: issuer.protocol === 'http:',
    ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
  };
  const storage = options.storage ?? window.localStorage;
  const transactions = options.transactionStorage ?? window.sessionStorage;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const cacheKey = `@@auth0spajs@@::${options.clientId}::${options.audience}::${options.scope}`;
  const userKey = `@@auth0spajs@@::${options.clientId}::@@user@@`;
  const transactionKey = `a0.spajs.txs.${options.clientId}`;

  function readJson<T>(store: Storage, key: string): T | null {
    try {
      const value = store.getItem(key);
      return value ? (JSON.parse(value) as T) : null;
    } catch {
      return null;
    }
  }

  function save(tokens: oauth.TokenEndpointResponse, previous: CacheEntry | null): void {
    const claims = oauth.getValidatedIdTokenClaims(tokens) as Record<string, unknown> | undefined;
    const entry: CacheEntry = {
      body: {
        access_token: tokens.access_token,
        // A rotated refresh token replaces the old one; without one in the answer the old one stays.
        refresh_token: tokens.refresh_token ?? previous?.body.refresh_token,
        id_token: tokens.id_token ?? previous?.body.id_token,
        expires_in: tokens.expires_in ?? 0,
        scope: tokens.scope ?? previous?.body.scope,
        token_type: tokens.token_type,
        audience: options.audience,
        client_id: options.clientId,
      },
      expiresAt: Math.floor(Date.now() / 1000) + (tokens.expires_in ?? 0),
    };
    storage.setItem(cacheKey, JSON.stringify(entry));
    if (claims && tokens.id_token) {
      const user = Object.fromEntries(Object.entries(claims).filter(([key]) => !protocolClaims.includes(key)));
      storage.setItem(userKey, JSON.stringify({ id_token: tokens.id_token, decodedToken: { claims, user } }));
    }
  }

  function clear(): void {
    storage.removeItem(cacheKey);
    storage.removeItem(userKey);
  }

  function freshToken(entry: CacheEntry | null): string | null {
    if (!entry?.body.access_token) return null;
    return entry.expiresAt - expiryLeewaySeconds > Date.now() / 1000 ? entry.body.access_token : null;
  }

  async function refresh(): Promise<string> {
    // Another tab may have renewed the token while this one waited for the lock.
    const entry = readJson<CacheEntry>(storage, cacheKey);
    const cached = freshToken(entry);
    if (cached) return cached;
    const refreshToken = entry?.body.refresh_token;
    if (!refreshToken) throw new OidcError('missing_refresh_token', 'No refresh token: sign in again');
    try {
      const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, {
        ...requestOptions,
        additionalParameters: { audience: options.audience },
      });
      const tokens = await oauth.processRefreshTokenResponse(as, client, response);
      save(tokens, entry);
      return tokens.access_token;
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant') {
        clear();
        throw new OidcError('invalid_grant', error.error_description ?? 'The refresh token was refused');
      }
      throw error;
    }
  }

  let renewing: Promise<string> | null = null;

  /** A valid access token: the cached one, or a renewed one (one renewal at a time across the origin's tabs). */
  function getAccessToken(): Promise<string> {
    const cached = freshToken(readJson<CacheEntry>(storage, cacheKey));
    if (cached) return Promise.resolve(cached);
    if (renewing) return renewing;
    // A rotating refresh token used twice ends the grant: tabs and concurrent calls take turns.
    const renewal =
      typeof navigator !== 'undefined' && navigator.locks
        ? new Promise<string>((resolve, reject) => {
            const renewUnderLock = () => refresh().then(resolve, reject);
            navigator.locks.request(`auscura-token-renewal-${options.clientId}`, renewUnderLock).catch(reject);
          })
        : refresh();
    renewing = renewal.finally(() => {
      renewing = null;
    });
    return renewing;
  }

  return {
    /** The signed-in user's claims from the stored id token, or undefined. */
    getUser(): Record<string, unknown> | undefined {
      return readJson<UserEntry>(storage, userKey)?.decodedToken.user;
    },

    /** The stored id token itself: it changes when a renewal brings new claims. */
    getIdToken(): string | undefined {
      return readJson<UserEntry>(storage, userKey)?.id_token;
    },

    getAccessToken,

    /** Whether this address is the provider's answer to a sign-in (the SDK's test). */
    isRedirectCallback(url: URL): boolean {
      return (url.searchParams.has('code') || url.searchParams.has('error')) && url.searchParams.has('state');
    },

    async loginWithRedirect({ appState, maxAge }: { appState?: AppState; maxAge?: number } = {}): Promise<void> {
      const verifier = oauth.generateRandomCodeVerifier();
      const transaction: Transaction = {
        state: oauth.generateRandomState(),
        nonce: oauth.generateRandomNonce(),
        verifier,
        appState,
        maxAge,
      };
      transactions.setItem(transactionKey, JSON.stringify(transaction));
      const url = new URL(as.authorization_endpoint!);
      const params = {
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        response_type: 'code',
        response_mode: 'query',
        scope: options.scope,
        audience: options.audience,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(maxAge === undefined ? {} : { max_age: String(maxAge) }),
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      navigate(url.href);
    },

    /** Exchanges the code in `url` for tokens; returns the appState given to loginWithRedirect. */
    async handleRedirectCallback(url: URL): Promise<AppState | undefined> {
      const transaction = readJson<Transaction>(transactions, transactionKey);
      transactions.removeItem(transactionKey);
      if (!transaction) throw new OidcError('missing_transaction', 'No sign-in was started in this tab');
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, url, transaction.state);
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          throw new OidcError(error.error, error.error_description ?? error.error);
        }
        throw error;
      }
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        options.redirectUri,
        transaction.verifier,
        requestOptions,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: transaction.nonce,
        requireIdToken: true,
        ...(transaction.maxAge === undefined ? {} : { maxAge: transaction.maxAge }),
      });
      save(tokens, null);
      return transaction.appState;
    },

    /** Ends the session here and, unless openUrl is false, at the provider (Auth0's /v2/logout path). */
    logout({ returnTo, openUrl }: { returnTo?: string; openUrl?: false } = {}): void {
      clear();
      if (openUrl === false) return;
      const url = new URL(`${origin}/v2/logout`);
      url.searchParams.set('client_id', options.clientId);
      if (returnTo) url.searchParams.set('returnTo', returnTo);
      navigate(url.href);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
