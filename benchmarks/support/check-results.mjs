// Keeps benchmarks/RESULTS.md a dashboard (issue 37), run by `npm run lint`. It fails when the page
// passes 200 lines, when a benchmark script of package.json has no `npm run <name>` entry on it, or
// when a Markdown link into benchmarks/ (from any Markdown file of the repository) names a file or
// a heading that does not exist. Plain Node and no dependencies: lint runs it before anything is
// built, and the one library it would want (github-slugger) is a three-line rule, written below.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const benchmarks = path.join(root, 'benchmarks');
const dashboard = path.join(benchmarks, 'RESULTS.md');
const maxLines = 200;
// Scripts whose output is a figure or a verdict someone looks up here, besides bench* and eval:*.
const alsoBenchmarks = new Set(['train:murmur', 'test:crash', 'check:seeded-reports', 'fuzz:api']);
const skipped = new Set([
  'node_modules',
  'dist',
  'build',
  'data',
  '.git',
  '.turbo',
  'test-results',
  'playwright-report',
]);

const problems = [];
const text = fs.readFileSync(dashboard, 'utf8');
const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
if (lineCount > maxLines) {
  problems.push(`RESULTS.md has ${lineCount} lines, more than ${maxLines}: move the detail to history/`);
}

const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const benchmarkScripts = Object.keys(scripts).filter(
  (name) => name.startsWith('bench') || name.startsWith('eval:') || alsoBenchmarks.has(name),
);
for (const name of benchmarkScripts) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`\`npm run ${escaped}(?: [^\`]*)?\``).test(text)) {
    problems.push(`package.json's "${name}" has no \`npm run ${name}\` entry in RESULTS.md`);
  }
}

/**
 * A heading's anchor as GitHub makes it: lower case, every character that is not a letter, mark,
 * digit, connector, hyphen or space dropped, spaces to hyphens, and -1, -2 … after a repeat
 * (github-slugger's rule, https://github.com/Flet/github-slugger). Inline code and emphasis marks
 * are dropped by the same rule; a link in a heading counts by its text.
 */
function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu, '')
      .replaceAll(' ', '-');
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats ? `${slug}-${repeats}` : slug);
  }
  return anchors;
}

function markdownFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

let linksChecked = 0;
const anchorCache = new Map();
for (const file of markdownFiles(root)) {
  const source = fs.readFileSync(file, 'utf8');
  // Inline links [text](target) and reference definitions [label]: target.
  const targets = [...source.matchAll(/\]\(([^)\s]+)\)|^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1] ?? m[2]);
  for (const target of targets) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
    // Every link of the dashboard; elsewhere, the links into benchmarks/ (its pages and scripts).
    const intoBenchmarks = resolved.startsWith(benchmarks + path.sep) && !resolved.includes(`${path.sep}fixtures`);
    if (file !== dashboard && !intoBenchmarks) continue;
    linksChecked++;
    const where = `${path.relative(root, file)}: ${target}`;
    if (!fs.existsSync(resolved)) problems.push(`${where}: no such file`);
    else if (anchor && resolved.endsWith('.md')) {
      if (!anchorCache.has(resolved)) anchorCache.set(resolved, anchorsOf(resolved));
      if (!anchorCache.get(resolved).has(anchor)) problems.push(`${where}: no heading with that anchor`);
    }
  }
}

if (problems.length) {
  console.error(`benchmarks/RESULTS.md is not a dashboard any more:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `benchmarks/RESULTS.md: ${lineCount} lines, ${benchmarkScripts.length} benchmark scripts named, ${linksChecked} links checked`,
);
