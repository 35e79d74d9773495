import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../lib/http-error.js';
import { assertNotPreviousPassword, passwordRuleViolation } from './password-policy.js';
import type { PasswordOwner } from './password-policy.js';
import { hashPassword } from './passwords.js';

const owner = {
  emailAddress: 'j.smith@clinic.example',
  firstName: 'Johanna',
  lastName: 'Smith',
  displayName: 'Dr. Jo',
};
const violation = (password: string, who: PasswordOwner = owner) => passwordRuleViolation(password, who)?.body.name;

describe('the password policy', () => {
  it('accepts a long, uncommon password without user information', () => {
    expect(violation('correct horse battery staple 42')).toBeUndefined();
    expect(violation('Tr0ub4dor&3-xylophone')).toBeUndefined();
  });

  it('refuses fewer than 10 characters as too short and more than 128 as invalid data', () => {
    expect(violation('')).toBe('PASSWORD_TOO_SHORT');
    expect(violation('Xk9#mQ2$v')).toBe('PASSWORD_TOO_SHORT');
    expect(violation('Xk9#mQ2$vL')).toBeUndefined();
    expect(violation('Xk9#mQ2$vL'.repeat(12) + 'Xk9#mQ2$')).toBeUndefined();
    expect(violation('Xk9#mQ2$vL'.repeat(13))).toBe('INVALID_DATA');
  });

  it('refuses passwords of the zxcvbn-ts common list, whatever their case', () => {
    const common = dictionary['passwords-common'].filter((entry) => entry.length >= 10);
    expect(common.length).toBeGreaterThan(1000);
    expect(violation('password123')).toBe('PASSWORD_TOO_COMMON');
    expect(violation('QWERTYUIOP')).toBe('PASSWORD_TOO_COMMON');
    expect(violation(common[common.length - 1]!)).toBe('PASSWORD_TOO_COMMON');
  });

  it('refuses the address’s local part and the names, case-insensitively, from 3 characters on', () => {
    expect(violation('xx-J.SMITH-secure-2026')).toBe('PASSWORD_CONTAINS_USER_INFORMATION');
    expect(violation('mountain-johanna-river')).toBe('PASSWORD_CONTAINS_USER_INFORMATION');
    expect(violation('mountain-SMITH-river')).toBe('PASSWORD_CONTAINS_USER_INFORMATION');
    expect(violation('mountain dr. jo river')).toBe('PASSWORD_CONTAINS_USER_INFORMATION');
    // "Jo" alone is too short to count; the domain is not user information.
    expect(violation('mountain-jo-river-clinic', { ...owner, displayName: 'Jo' })).toBeUndefined();
    expect(violation('mountain-river', { emailAddress: 'ab@x.example', firstName: null, lastName: null })).toBe(
      undefined,
    );
  });

  it('refuses the current password and each of the history, and accepts a new one', async () => {
    const hashes = await Promise.all(['first-old-password', 'second-old-password'].map((p) => hashPassword(p)));
    await expect(assertNotPreviousPassword('second-old-password', [null, ...hashes])).rejects.toSatisfy(
      (error) => error instanceof HttpError && error.body.name === 'PASSWORD_SAME_AS_PREVIOUS',
    );
    await expect(assertNotPreviousPassword('first-old-password', hashes)).rejects.toBeInstanceOf(HttpError);
    await expect(assertNotPreviousPassword('a-brand-new-password', hashes)).resolves.toBeUndefined();
  });
});
