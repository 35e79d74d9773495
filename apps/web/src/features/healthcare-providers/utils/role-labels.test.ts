import { describe, expect, it } from 'vitest';
import { rolesText } from './role-labels.ts';

describe('the role text', () => {
  it('names each role in words and joins two with a slash', () => {
    expect(rolesText(['healthcare-provider', 'council-member'])).toBe('Healthcare provider / Council member');
    expect(rolesText(['healthcare-provider'])).toBe('Healthcare provider');
  });
});
