import { sql } from 'kysely';
import type { Env } from '../config/env.js';
import type { Db } from '../db/connect.js';
import type { BlobStore } from '../storage/blob-store.js';
import { turnCheck, twilioCheck } from './checks.js';
import type { StatusCheck } from './checks.js';

/**
 * The components this deployment has (DESIGN.md's adapters), each checked for real: the API by a
 * query to its database; the live exams' state by the service that carries it (this process's
 * WebSocket, Redis when it fans out, Firebase when it holds the state); TURN when TURN_URLS is
 * set; the recordings store by a lookup; Twilio's own status page only when Twilio carries video.
 */
export function statusChecks(options: { env: Env; db: Db; store: BlobStore }): StatusCheck[] {
  const { env } = options;
  const checks: StatusCheck[] = [
    {
      name: 'API',
      check: async () => {
        await sql`SELECT 1`.execute(options.db);
        return 'operational';
      },
    },
    { name: 'Realtime', check: realtimeCheck(env) },
  ];
  if (env.TURN_URLS?.length) checks.push(turnCheck(env.TURN_URLS));
  checks.push({
    name: 'Recordings store',
    check: async () => {
      // A key that is never written: the store must answer "none" (S3: a signed HEAD on the bucket).
      await options.store.head('status-probe');
      return 'operational';
    },
  });
  if (env.twilio) checks.push(twilioCheck());
  return checks;
}

function realtimeCheck(env: Env): StatusCheck['check'] {
  if (env.firebase) {
    const url = `${env.firebase.databaseURL.replace(/\/+$/, '')}/.json?shallow=true`;
    // Any HTTP answer (the rules may refuse an anonymous read) means the database is reachable.
    return async () => {
      await fetch(url, { signal: AbortSignal.timeout(2500) });
      return 'operational';
    };
  }
  const redisUrl = env.REDIS_URL;
  if (redisUrl) {
    return async () => {
      const { Redis } = await import('ioredis');
      const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
      try {
        await client.connect();
        await client.ping();
        return 'operational';
      } finally {
        client.disconnect();
      }
    };
  }
  // The WebSocket endpoint runs in this process, which is answering.
  return async () => 'operational';
}
