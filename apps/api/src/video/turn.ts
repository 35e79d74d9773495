import crypto from 'node:crypto';
import type { TurnCredentials } from '@auscura/contracts';

/**
 * coturn's REST-secret credentials ("TURN REST API", draft-uberti-behave-turn-rest-00 §2.2, as
 * coturn implements it with `use-auth-secret` + `static-auth-secret`): the username is
 * `<expiry unix time>:<user>`, the password base64(HMAC-SHA1(secret, username)). coturn checks the
 * expiry on every authenticated request (Allocate, Refresh, CreatePermission, ChannelBind), so the
 * lifetime bounds how long one connection can keep relaying: it must cover the longest exam. The
 * web page asks again for every new connection (ICE restarts included). The lifetime is
 * TURN_CREDENTIAL_TTL_SECONDS (config/env.ts, 4 hours by default).
 */
export type TurnSettings = { urls: string[]; secret: string | null; ttlSeconds: number };

export function turnCredentials(settings: TurnSettings, now = Date.now()): TurnCredentials {
  const stun = settings.urls.filter((url) => url.startsWith('stun:') || url.startsWith('stuns:'));
  const turn = settings.urls.filter((url) => url.startsWith('turn:') || url.startsWith('turns:'));
  const iceServers: TurnCredentials['iceServers'] = [];
  if (stun.length) iceServers.push({ urls: stun });
  if (turn.length && settings.secret) {
    // An opaque user part: coturn logs usernames, so nothing about the exam or person goes in it.
    const username = `${Math.floor(now / 1000) + settings.ttlSeconds}:${crypto.randomBytes(9).toString('base64url')}`;
    const credential = crypto.createHmac('sha1', settings.secret).update(username).digest('base64');
    iceServers.push({ urls: turn, username, credential });
  }
  return { iceServers, expiresIn: settings.ttlSeconds };
}
