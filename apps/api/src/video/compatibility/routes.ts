import { tokenServerExpiredMessage, videoRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, invalidData, unauthorized } from '../../lib/http-error.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { bearerToken } from '../../lib/signed-token.js';
import { InvalidOfferError } from './preflight-peer.js';
import type { PreflightPeers } from './preflight-peers.js';
import { compatibilityTokenTtlSeconds } from './test-tokens.js';
import type { CompatibilityTokens } from './test-tokens.js';

export type CompatibilityRoutesOptions = {
  tokens: CompatibilityTokens;
  peers: PreflightPeers;
  service: 'p2p' | 'twilio';
  /** After this instant the public test is over: the token answers 'token server expired' (§7.6). */
  expiresAt: Date | null;
  /** Per client address: tokens, and preflights (each one a WebRTC peer for up to a minute). */
  tokenLimiter: RateLimiter;
  preflightLimiter: RateLimiter;
};

const tooMany = (message: string) => new HttpError('UNAUTHORIZED', message, 429);

/**
 * exams-and-devices §7.2 and §7.6: the compatibility test's token, and the preflight's signaling —
 * one HTTP exchange of complete descriptions (no trickle ICE): the browser posts its offer once
 * its candidates are gathered, the API's peer answers with its own. Both are unauthenticated work,
 * bounded per client address and, for peers, per process (preflight-peers.ts).
 */
export async function compatibilityRoutesPlugin(app: FastifyInstance, options: CompatibilityRoutesOptions) {
  route(app, videoRoutes.compatibilityTestToken, async ({ request }) => {
    if (options.expiresAt && Date.now() >= options.expiresAt.getTime()) {
      throw new HttpError('UNAUTHORIZED', tokenServerExpiredMessage, 401);
    }
    if (!options.tokenLimiter.take(request.ip)) throw tooMany('Too many compatibility tests. Please try again later.');
    return {
      status: 200,
      body: { token: await options.tokens.issue(), expiresIn: compatibilityTokenTtlSeconds, service: options.service },
    };
  });

  route(app, videoRoutes.compatibilityPreflight, async ({ body, request }) => {
    if (!(await options.tokens.verify(bearerToken(request.headers.authorization)))) {
      throw unauthorized('A compatibility test token is required.');
    }
    if (!options.preflightLimiter.take(request.ip)) {
      throw tooMany('Too many compatibility tests. Please try again later.');
    }
    let sdp: string | null;
    try {
      sdp = await options.peers.answer(body.sdp);
    } catch (error) {
      if (error instanceof InvalidOfferError) throw invalidData(error.message);
      throw error;
    }
    if (sdp === null) throw tooMany('Too many compatibility tests are running. Please try again in a minute.');
    return { status: 200, body: { sdp } };
  });

  app.addHook('onClose', async () => options.peers.closeAll());
}
