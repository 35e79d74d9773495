import { statusRoutes } from '@auscura/contracts';
import type { ServiceStatus } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../lib/route.js';
import { runStatusChecks } from './checks.js';
import type { StatusCheck } from './checks.js';

/**
 * Our own status page (exams-and-devices §7.2 "a public status endpoint ... components list of
 * name and status"), read by the compatibility test. Unauthenticated, so the checks run at most
 * once per `cacheMs` whoever asks: every caller in that window gets the same answer.
 */
export async function statusRoutesPlugin(app: FastifyInstance, options: { checks: StatusCheck[]; cacheMs?: number }) {
  const cacheMs = options.cacheMs ?? 15_000;
  let last: { at: number; answer: Promise<ServiceStatus> } | null = null;
  const current = () => {
    const now = Date.now();
    if (!last || now - last.at >= cacheMs) {
      last = {
        at: now,
        answer: runStatusChecks(options.checks).then((components) => ({
          components,
          checkedAt: new Date(now).toISOString(),
        })),
      };
    }
    return last.answer;
  };
  route(app, statusRoutes.get, async ({ reply }) => {
    reply.header('cache-control', `public, max-age=${Math.floor(cacheMs / 1000)}`);
    return { status: 200, body: await current() };
  });
}
