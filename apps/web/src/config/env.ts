import { z } from 'zod';

/**
 * Build-time settings (CONVENTIONS rule 7: the only place that reads the environment).
 * Runtime settings (sign-in, idle limits, adapters) come from GET /api/v1/config instead,
 * so one build runs against any server.
 */
const envSchema = z.object({
  /** Origin of the API; empty means the same origin as the web app (production and the dev proxy). */
  VITE_API_ORIGIN: z.union([z.url(), z.literal('')]).default(''),
  MODE: z.string().default('production'),
  DEV: z.boolean().default(false),
});

const parsed = envSchema.parse(import.meta.env);

export const env = {
  apiOrigin: parsed.VITE_API_ORIGIN.replace(/\/$/, ''),
  mode: parsed.MODE,
  isDev: parsed.DEV,
} as const;
