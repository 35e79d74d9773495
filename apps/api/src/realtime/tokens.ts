import type { ParticipantRole } from '@auscura/contracts';
import type { Db } from '../db/connect.js';
import { createTokenSigner } from '../lib/signed-token.js';
import type { Participant } from './rules.js';

/** A participant token opens one connection to one exam's state; a minute is enough to connect. */
export const participantTokenTtlSeconds = 60;

type Claims = { ve: string; pid: string; n: string; r: ParticipantRole };

export function createParticipantTokens(db: Db) {
  const signer = createTokenSigner<Claims>(db, { kind: 'realtime-participant', prefix: 'rt1' });
  return {
    issue: (participant: Participant) =>
      signer.sign(
        { ve: participant.virtualExamId, pid: participant.id, n: participant.name, r: participant.role },
        participantTokenTtlSeconds,
      ),
    async verify(token: string): Promise<{ ok: true; participant: Participant } | { ok: false; reason: string }> {
      const verified = await signer.verify(token);
      if (!verified.ok) return verified;
      const { ve, pid, n, r } = verified.payload;
      return { ok: true, participant: { virtualExamId: ve, id: pid, name: n, role: r } };
    },
  };
}
export type ParticipantTokens = ReturnType<typeof createParticipantTokens>;
