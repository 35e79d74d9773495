import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';

export type IdentityKeys = { jwks: { keys: JWK[] }; cookieKeys: string[] };

/**
 * Signing keys (RS256 and ES256) and cookie keys of the built-in identity provider, kept in
 * DATA_DIR/identity/keys.json (mode 0600) so sessions and tokens survive a restart.
 */
export async function loadOrCreateIdentityKeys(dataDir: string): Promise<IdentityKeys> {
  const folder = path.join(dataDir, 'identity');
  const file = path.join(folder, 'keys.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as IdentityKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const rsa = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const keys: IdentityKeys = {
    jwks: {
      keys: [
        { ...(await exportJWK(rsa.privateKey)), alg: 'RS256', use: 'sig', kid: crypto.randomUUID() },
        { ...(await exportJWK(ec.privateKey)), alg: 'ES256', use: 'sig', kid: crypto.randomUUID() },
      ],
    },
    cookieKeys: [crypto.randomBytes(32).toString('base64url')],
  };
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  });
  return JSON.parse(await fs.readFile(file, 'utf8')) as IdentityKeys;
}

/** The public half of a private JWK set. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, crv, x, y, n, e, alg, use, kid }) =>
      Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, alg, use, kid }).filter(([, v]) => v !== undefined)),
    ),
  };
}
