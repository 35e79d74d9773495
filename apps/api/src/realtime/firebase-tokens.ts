import { SignJWT, importPKCS8 } from 'jose';
import { z } from 'zod';
import type { Participant } from './rules.js';

/** The service account fields a custom token needs (the JSON file Firebase's console gives). */
export const firebaseServiceAccountSchema = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
});
type FirebaseServiceAccount = z.infer<typeof firebaseServiceAccountSchema>;

/** Firebase Auth accepts custom tokens for at most an hour. */
export const firebaseTokenTtlSeconds = 3600;

/**
 * Firebase custom tokens for the §7.3 calls when the live-exam state lives in Firebase's Realtime
 * Database: an RS256 JWT signed with the service account's key, audience Identity Toolkit, `uid`
 * the participant and `claims` the exam and role, which the database rules
 * (apps/api/firebase/database.rules.json) check. The format is Firebase's documented one for
 * minting custom tokens with a third-party JWT library.
 */
export function createFirebaseTokens(account: FirebaseServiceAccount) {
  const key = importPKCS8(account.private_key, 'RS256');
  return {
    async issue(participant: Participant): Promise<string> {
      return new SignJWT({
        uid: `${participant.role === 'Patient' ? 'patient' : 'provider'}:${participant.id}`,
        claims: { virtualExamId: participant.virtualExamId, role: participant.role, name: participant.name },
      })
        .setProtectedHeader({ alg: 'RS256', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
        .setIssuer(account.client_email)
        .setSubject(account.client_email)
        .setAudience('https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit')
        .setIssuedAt()
        .setExpirationTime(`${firebaseTokenTtlSeconds}s`)
        .sign(await key);
    },
  };
}
export type FirebaseTokens = ReturnType<typeof createFirebaseTokens>;
