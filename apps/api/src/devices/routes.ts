import { deviceRoutes, deviceUnits } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../lib/route.js';

/** clinician-portal §7 `GET /ems/log` (unauth): the device units, from the list the web app's detection uses too. */
export async function deviceRoutesPlugin(app: FastifyInstance) {
  route(app, deviceRoutes.log, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { status: 200, body: { deviceUnits: [...deviceUnits] } };
  });
}
