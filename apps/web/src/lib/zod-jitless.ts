import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` after probing whether eval is allowed; under the
 * server's Content-Security-Policy (no 'unsafe-eval') the probe is refused and every page would
 * report a violation. Interpreted parsing instead (zod's `jitless`, its documented setting for
 * strict CSPs). Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
