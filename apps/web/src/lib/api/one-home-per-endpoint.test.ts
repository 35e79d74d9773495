// @vitest-environment node
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layering of CONVENTIONS.md rule 2, checked on the real sources with the TypeScript
 * checker: the API is called only from lib/api/<resource>/, each /api/v1 endpoint from exactly
 * one place, and query keys come only from each resource's key family (keys.ts).
 */

const webRoot = path.resolve(import.meta.dirname, '../../..');
const srcRoot = path.join(webRoot, 'src');
const apiLayer = path.join(srcRoot, 'lib', 'api');
const clientFiles = [path.join(srcRoot, 'lib', 'api-client.ts'), path.join(srcRoot, 'lib', 'api-upload.ts')];
const callers = new Set(['apiRequest', 'apiDownload', 'apiUpload']);

type CallSite = { file: string; line: number };
type Scan = {
  /** 'GET /exams/:id' → where it is called. */
  endpoints: Map<string, CallSite[]>;
  /** Calls whose endpoint the checker cannot name (not a contract endpoint with a literal method and path). */
  unresolved: CallSite[];
  /** `queryKey: [...]` written outside a key family. */
  literalKeys: CallSite[];
  /** Each key family's file and the roots its keys start with. */
  keyRoots: Map<string, Set<string>>;
};

function isSource(file: string): boolean {
  return file.startsWith(srcRoot + path.sep) && !/\.test(-d)?\.tsx?$/.test(file);
}

function literalProperty(checker: ts.TypeChecker, type: ts.Type, name: string): string | null {
  const symbol = type.getProperty(name);
  if (!symbol) return null;
  const value = checker.getTypeOfSymbol(symbol);
  return value.isStringLiteral() ? value.value : null;
}

/** The file that declares what an identifier refers to, through imports. */
function declaringFile(checker: ts.TypeChecker, node: ts.Identifier): string | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.[0]?.getSourceFile().fileName;
}

function scan(): Scan {
  const configFile = ts.readConfigFile(path.join(webRoot, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, webRoot);
  const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const result: Scan = { endpoints: new Map(), unresolved: [], literalKeys: [], keyRoots: new Map() };

  for (const source of program.getSourceFiles()) {
    const file = path.normalize(source.fileName);
    if (!isSource(file)) continue;
    const site = (node: ts.Node): CallSite => ({
      file: path.relative(srcRoot, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
    const isKeyFamily = path.basename(file) === 'keys.ts' && path.dirname(path.dirname(file)) === apiLayer;

    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        callers.has(node.expression.text) &&
        clientFiles.includes(path.normalize(declaringFile(checker, node.expression) ?? '')) &&
        node.arguments[0]
      ) {
        const type = checker.getTypeAtLocation(node.arguments[0]);
        for (const endpoint of type.isUnion() ? type.types : [type]) {
          const method = literalProperty(checker, endpoint, 'method');
          const route = literalProperty(checker, endpoint, 'path');
          if (!method || !route) {
            result.unresolved.push(site(node));
            continue;
          }
          const key = `${method} ${route}`;
          result.endpoints.set(key, [...(result.endpoints.get(key) ?? []), site(node)]);
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText(source) === 'queryKey' &&
        ts.isArrayLiteralExpression(node.initializer)
      ) {
        result.literalKeys.push(site(node));
      }
      if (isKeyFamily && ts.isArrayLiteralExpression(node) && node.elements[0]) {
        const first = node.elements[0];
        const roots = result.keyRoots.get(path.relative(srcRoot, file)) ?? new Set<string>();
        roots.add(ts.isStringLiteral(first) ? first.text : `(not a string: ${first.getText(source)})`);
        result.keyRoots.set(path.relative(srcRoot, file), roots);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return result;
}

const where = (sites: CallSite[]) => sites.map((s) => `${s.file}:${s.line}`);

describe('the API layer of the web app', () => {
  let result: Scan;
  beforeAll(() => {
    result = scan();
  }, 120_000);

  it('finds the calls it checks (the scan itself works)', () => {
    expect(result.endpoints.get('GET /exams/:id')).toHaveLength(1);
    expect(result.endpoints.size).toBeGreaterThanOrEqual(30);
  });

  it('calls every endpoint from exactly one fetcher', () => {
    const twice = [...result.endpoints].filter(([, sites]) => sites.length > 1);
    expect(twice.map(([endpoint, sites]) => `${endpoint}: ${where(sites).join(', ')}`)).toEqual([]);
  });

  it('calls the API only from lib/api/<resource>/', () => {
    const outside = [...result.endpoints.values()]
      .flat()
      .filter((s) => !/^lib\/api\/[a-z-]+\/[a-z-]+\.ts$/.test(s.file.split(path.sep).join('/')));
    expect(where(outside)).toEqual([]);
  });

  it('names every endpoint it calls by the contract (literal method and path)', () => {
    expect(where(result.unresolved)).toEqual([]);
  });

  it("takes every query key from its resource's key family, one root per resource", () => {
    expect(where(result.literalKeys)).toEqual([]);
    const roots = [...result.keyRoots].map(([file, set]) => ({ file, roots: [...set] }));
    expect(roots.length).toBeGreaterThanOrEqual(4);
    for (const family of roots) expect(family.roots, family.file).toHaveLength(1);
    const all = roots.map((family) => family.roots[0]);
    expect(new Set(all).size, 'two resources share a key root').toBe(all.length);
  });
});
