// The layering rules of the repository, checked by `npm run lint` (dependency-cruiser).
// DESIGN.md "Packages" and CONVENTIONS.md "Layout" and rule 1 say what they protect.
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// apps/api/src: infrastructure below everything, adapter families (one folder per outside service,
// DESIGN.md's adapter table), and the resource domains (every other folder, including ones added later).
const apiInfrastructure = ['plugins', 'lib', 'db', 'config'];
const apiAdapters = ['identity', 'realtime', 'video', 'audio', 'storage', 'mail'];
const apiNotDomains = [...apiInfrastructure, ...apiAdapters, 'test', 'scripts'];
const apiDomains = folders('apps/api/src').filter((name) => !apiNotDomains.includes(name));
const any = (names) => `(${names.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'api-no-folder-cycles',
      comment:
        "The API's folders depend one way: what another domain needs lives in the owner's service, never its routes (CONVENTIONS.md, apps/api).",
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'api-infrastructure-imports-no-domain',
      comment: `plugins/, lib/, db/ and config/ sit below the domains (${apiDomains.join(', ')}) and import none of them.`,
      severity: 'error',
      from: { path: `^apps/api/src/${any(apiInfrastructure)}/` },
      to: { path: `^apps/api/src/${any(apiDomains)}/` },
    },
    {
      name: 'web-features-are-islands',
      comment: 'A feature never imports another feature; routes in src/app compose them (CONVENTIONS.md rule 1).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-import-no-routes',
      comment: 'Routes compose features, not the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-layers-import-no-feature',
      comment: 'components/, hooks/, lib/ (lib/api included) and config/ serve every feature and import none of them.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|hooks|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'live-exam-room-is-shared',
      comment: "The live exam's room/ is what both sides see: it imports neither provider/ nor patient/.",
      severity: 'error',
      from: { path: '^apps/web/src/features/live-exam/room/' },
      to: { path: '^apps/web/src/features/live-exam/(provider|patient)/' },
    },
    {
      name: 'live-exam-sides-apart',
      comment: "The clinician's and the patient's parts of the live exam meet only in room/ and the shared state.",
      severity: 'error',
      from: { path: '^apps/web/src/features/live-exam/(provider|patient)/' },
      to: {
        path: '^apps/web/src/features/live-exam/(provider|patient)/',
        pathNot: '^apps/web/src/features/live-exam/$1/',
      },
    },
    {
      name: 'engine-runtime-imports-no-training',
      comment:
        "The engine's runtime (what the browser and the server load) never reaches the murmur training code, which sits beside it.",
      severity: 'error',
      from: { path: '^packages/audio-engine/src/' },
      to: { path: '^packages/audio-engine/training/' },
    },
    {
      name: 'packages-depend-on-nothing-of-ours',
      comment: 'contracts and audio-engine depend on no app and not on each other (DESIGN.md "Packages").',
      severity: 'error',
      from: { path: '^packages/(contracts|audio-engine)/' },
      to: { path: '^(apps/|packages/)', pathNot: '^packages/$1/' },
    },
    {
      name: 'apps-apart',
      comment: 'The web app and the API meet only in the packages (contracts, audio-engine).',
      severity: 'error',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    // Tests and test harnesses may reach across (they build the app, fake a channel …).
    exclude: { path: ['node_modules', '/dist/', '\\.test\\.tsx?$', '^apps/api/src/test/', '/test/'] },
    doNotFollow: { path: 'node_modules' },
    // Workspace packages resolve to their TypeScript sources (the `source` export condition), and
    // and `.js` specifiers to the `.ts` files they are built from (dependency-cruiser maps them itself).
    enhancedResolveOptions: {
      conditionNames: ['source', 'types', 'import', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    tsPreCompilationDeps: true,
  },
};
