import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt, a memory-hard KDF. N = 2^15, r = 8, p = 1 uses 32 MiB per hash, the parameters
 * OWASP's Password Storage Cheat Sheet lists as a minimum for scrypt (2023 revision: N=2^17
 * with 64 MiB is its first choice; we take 2^15 to keep sign-in under ~100 ms on 2 cores).
 */
export const productionPasswordCost = 2 ** 15;
let params = { N: productionPasswordCost, r: 8, p: 1, keylen: 32 };

/**
 * Tests only, from the API's vitest setup (never from configuration, so no deployment can lower it):
 * the integration tests hash and verify passwords hundreds of times, and at the product's cost that
 * was a fifth of the API suite. Hashes carry their N, so verification follows whichever cost made
 * them; passwords.test.ts checks the product's cost itself.
 */
export function setPasswordCostForTests(N: number): void {
  params = { ...params, N };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const maxmem = 128 * params.N * params.r * 2;
  const hash = await scrypt(password.normalize('NFKC'), salt, params.keylen, { ...params, maxmem });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 128 * Number(n) * Number(r) * 2,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when an address has no account so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return decoyHash;
}
