import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, productionPasswordCost, setPasswordCostForTests, verifyPassword } from './passwords.js';

// The other API tests hash at a test cost (src/test/setup.ts); this file puts the product's back.
describe('password hashing at the product cost', () => {
  beforeAll(() => setPasswordCostForTests(productionPasswordCost));

  it('stores scrypt N = 2^15, r = 8, p = 1 with a 16-byte salt and a 32-byte key, and verifies it', async () => {
    const stored = await hashPassword('Correct horse battery 9');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('Correct horse battery 9', stored)).toBe(true);
    expect(await verifyPassword('Correct horse battery 8', stored)).toBe(false);
  });

  it('salts every hash, and verifies the same password typed in another Unicode form (NFKC)', async () => {
    const a = await hashPassword('Café-au-lait 2026');
    const b = await hashPassword('Café-au-lait 2026');
    expect(a).not.toBe(b);
    expect(await verifyPassword('Cafe\u0301-au-lait 2026', a)).toBe(true);
  });

  it('verifies a hash by the cost stored in it, and refuses what is not an scrypt hash', async () => {
    setPasswordCostForTests(2 ** 10);
    const cheap = await hashPassword('Another pass 77');
    setPasswordCostForTests(productionPasswordCost);
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('Another pass 77', cheap)).toBe(true);
    expect(await verifyPassword('Another pass 77', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('Another pass 77', '')).toBe(false);
  });
});
