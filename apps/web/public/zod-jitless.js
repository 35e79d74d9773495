// zod builds object parsers with `new Function` after probing whether eval is allowed, when a
// schema is created (at module load). Under the server's Content-Security-Policy (no
// 'unsafe-eval') the probe is refused and every page would report a violation, so zod runs
// interpreted (its `jitless` setting, read from this global before any schema exists). A classic
// script: it runs before the app's module scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
