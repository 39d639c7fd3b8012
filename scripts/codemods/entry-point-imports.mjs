#!/usr/bin/env node
/**
 * Routes every import that reaches into another package (`@kobo/<pkg>/src/...`, or a relative path
 * that leaves the importing package) through that package's entry point, as declared by the
 * `exports` map in services/<pkg>/package.json (docs/decisions/0019-package-boundaries.md).
 *
 *   node scripts/codemods/entry-point-imports.mjs          rewrite, then prettier the changed files
 *   node scripts/codemods/entry-point-imports.mjs --check  list what it would change; exit 1 if any
 *
 * Which entry: a sub-entry whose file is an index.* covers its folder, any other sub-entry covers
 * its own file; everything else goes to the package's main entry (`.`). A name the entry does not
 * export yet is added to the entry file (`export { name } from './deep/path'`); a name the entry
 * exports under another name is imported under that name. Idempotent: a second run changes nothing.
 * Plain Node plus the TypeScript compiler already in devDependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const check = process.argv.includes('--check');
const SCANNED = ['services', 'scripts', 'loadtests', 'frontend/web/e2e', 'test'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts'];

/** The packages (services/* with a package.json) and their entries from `exports`. */
const packages = readdirSync(join(root, 'services'))
  .filter((name) => existsSync(join(root, 'services', name, 'package.json')))
  .map((name) => {
    const dir = join(root, 'services', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (!manifest.exports) throw new Error(`services/${name}/package.json has no exports map`);
    const entries = Object.entries(manifest.exports).map(([subpath, target]) => {
      const file = resolve(dir, typeof target === 'string' ? target : target.default);
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const covers = /\/index\.[a-z]+$/.test(file) ? dirname(file) + sep : file;
      return { specifier, file, covers, main: subpath === '.' };
    });
    return { name: manifest.name, short: name, dir: dir + sep, entries };
  });

function packageOf(file) {
  return packages.find((p) => file.startsWith(p.dir));
}

function entryFor(pkg, target) {
  const subEntries = pkg.entries.filter(
    (e) => !e.main && (target === e.covers || target.startsWith(e.covers)),
  );
  subEntries.sort((a, b) => b.covers.length - a.covers.length);
  return subEntries[0] ?? pkg.entries.find((e) => e.main);
}

function resolveFile(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // An .mjs imported by its .mjs name but typed by a .d.mts beside it resolves to the .mjs itself.
  throw new Error(`cannot resolve ${relative(root, base)}`);
}

/** The absolute file a specifier reaches in another package, or undefined if it stays home. */
function crossingTarget(file, specifier) {
  let base;
  const deep = /^@kobo\/([a-z-]+)\/(.+)$/.exec(specifier);
  if (deep) {
    const pkg = packages.find((p) => p.short === deep[1]);
    if (!pkg || pkg.entries.some((e) => e.specifier === specifier)) return undefined;
    base = join(pkg.dir, deep[2]);
  } else if (specifier.startsWith('.')) {
    base = resolve(dirname(file), specifier);
  } else {
    return undefined;
  }
  const target = resolveFile(base);
  const to = packageOf(target);
  if (!to || to === packageOf(file)) return undefined;
  return { pkg: to, target };
}

function listFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SCANNED], {
    cwd: root,
    encoding: 'utf8',
  });
  // Unique: during a merge, git lists a conflicted file once per stage.
  return [...new Set(out.split('\n'))]
    .filter((f) => SOURCE.test(f) && !f.startsWith('scripts/codemods/') && !f.endsWith('.d.mts'))
    .map((f) => join(root, f));
}

/** Every import/export-from declaration, dynamic import() and require() with a literal specifier. */
function moduleReferences(sourceFile) {
  const refs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      refs.push({ node, literal: node.moduleSpecifier });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      refs.push({ node, literal: node.arguments[0] });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return refs;
}

/** The names a declaration takes from its module: [{ name, local, isType, element }]. */
function namedBindings(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return [];
    if (clause.name || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))) return null;
    return (clause.namedBindings?.elements ?? []).map((el) => ({
      name: (el.propertyName ?? el.name).text,
      local: el.name.text,
      isType: clause.isTypeOnly || el.isTypeOnly,
      element: el,
    }));
  }
  if (ts.isExportDeclaration(node)) {
    if (!node.exportClause || !ts.isNamedExports(node.exportClause)) return null;
    return node.exportClause.elements.map((el) => ({
      name: (el.propertyName ?? el.name).text,
      local: el.name.text,
      isType: node.isTypeOnly || el.isTypeOnly,
      element: el,
    }));
  }
  return null; // import() / require(): the whole module
}

/** One import per entry point in a file: the rewrite leaves one per former deep path. */
const entrySpecifiers = new Set(packages.flatMap((p) => p.entries.map((e) => e.specifier)));
function mergedEntryImports(file, text) {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const groups = new Map();
  for (const st of sourceFile.statements) {
    if (!ts.isImportDeclaration(st) || !entrySpecifiers.has(st.moduleSpecifier.text)) continue;
    const clause = st.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    if (!groups.has(st.moduleSpecifier.text)) groups.set(st.moduleSpecifier.text, []);
    groups.get(st.moduleSpecifier.text).push(st);
  }
  const merges = [];
  for (const [specifier, decls] of groups) {
    if (decls.length < 2) continue;
    const names = new Map(); // "name" or "name as local" -> type only
    for (const d of decls)
      for (const el of d.importClause.namedBindings.elements) {
        const key = el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text;
        const typeOnly = d.importClause.isTypeOnly || el.isTypeOnly;
        names.set(key, (names.get(key) ?? true) && typeOnly);
      }
    const allTypes = [...names.values()].every(Boolean);
    const list = [...names].map(([key, typeOnly]) => (typeOnly && !allTypes ? `type ${key}` : key));
    const quote = text[decls[0].moduleSpecifier.getStart()];
    const merged = `import ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from ${quote}${specifier}${quote};`;
    merges.push({ start: decls[0].getStart(), end: decls[0].getEnd(), text: merged });
    for (const d of decls.slice(1)) {
      const end = text[d.getEnd()] === '\n' ? d.getEnd() + 1 : d.getEnd();
      merges.push({ start: d.getStart(), end, text: '' });
    }
  }
  return merges;
}

// Pass 1: find every crossing reference.
const files = listFiles();
const found = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const ref of moduleReferences(sourceFile)) {
    const crossing = crossingTarget(file, ref.literal.text);
    if (!crossing) continue;
    const entry = entryFor(crossing.pkg, crossing.target);
    found.push({ file, text, ref, ...crossing, entry, bindings: namedBindings(ref.node) });
  }
}

// Pass 2: what each entry exports, by the symbol each name finally stands for.
const program = ts.createProgram(
  [...new Set(found.flatMap((f) => [f.entry.file, f.target]).filter((f) => /\.tsx?$/.test(f)))],
  {
    allowJs: false,
    noEmit: true,
    skipLibCheck: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.Preserve,
    target: ts.ScriptTarget.ES2022,
  },
);
const checker = program.getTypeChecker();
const resolved = (symbol) =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
function exportsOf(file) {
  const sf = program.getSourceFile(file);
  const moduleSymbol = sf && checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) return new Map();
  return new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
}

const problems = [];
const edits = new Map(); // file -> [{ start, end, text }]
const additions = new Map(); // entry file -> Map(deep file -> Map(name -> isType))
const addEdit = (file, start, end, text) => {
  if (!edits.has(file)) edits.set(file, []);
  edits.get(file).push({ start, end, text });
};

for (const f of found) {
  const where = `${relative(root, f.file)}: '${f.ref.literal.text}'`;
  if (f.bindings && f.entry.file !== f.target) {
    const entryExports = exportsOf(f.entry.file);
    const deepExports = exportsOf(f.target);
    for (const b of f.bindings) {
      const wanted = deepExports.get(b.name);
      if (!wanted) {
        problems.push(`${where}: ${b.name} is not exported by ${relative(root, f.target)}`);
        continue;
      }
      const same = entryExports.get(b.name);
      if (same && resolved(same) === resolved(wanted)) continue;
      const alias = [...entryExports.values()].find((s) => resolved(s) === resolved(wanted));
      if (alias && !same) {
        // Exported under another name: import that name, keep the local one.
        const prefix = b.element.isTypeOnly ? 'type ' : '';
        addEdit(f.file, b.element.getStart(), b.element.getEnd(), `${prefix}${alias.name} as ${b.local}`);
        continue;
      }
      if (same) {
        problems.push(`${where}: ${f.entry.specifier} already exports a different ${b.name}`);
        continue;
      }
      const isType = !(resolved(wanted).flags & ts.SymbolFlags.Value);
      if (!additions.has(f.entry.file)) additions.set(f.entry.file, new Map());
      const perEntry = additions.get(f.entry.file);
      if (!perEntry.has(f.target)) perEntry.set(f.target, new Map());
      perEntry.get(f.target).set(b.name, isType);
    }
  } else if (!f.bindings && f.entry.file !== f.target && !ts.isCallExpression(f.ref.node)) {
    problems.push(`${where}: default or namespace import; rewrite it by hand`);
    continue;
  }
  const quote = f.text[f.ref.literal.getStart()];
  addEdit(f.file, f.ref.literal.getStart(), f.ref.literal.getEnd(), `${quote}${f.entry.specifier}${quote}`);
}

const report = [];
for (const f of found)
  report.push(`${relative(root, f.file)}: ${f.ref.literal.text} -> ${f.entry.specifier}`);
for (const [entry, perDeep] of additions) {
  for (const [deep, names] of perDeep) {
    report.push(`${relative(root, entry)} += ${[...names.keys()].join(', ')} from ${relative(root, deep)}`);
  }
}
const mergeable = files.filter((f) => mergedEntryImports(f, readFileSync(f, 'utf8')).length);
for (const f of mergeable) report.push(`${relative(root, f)}: several imports of one entry point`);
if (report.length) console.log(report.join('\n'));
if (problems.length) console.error(`\nLeft as they are:\n${problems.join('\n')}`);

if (check) process.exit(report.length || problems.length ? 1 : 0);

const changed = new Set();
for (const [file, list] of edits) {
  let text = readFileSync(file, 'utf8');
  for (const e of list.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
  changed.add(file);
}
for (const file of files) {
  let text = readFileSync(file, 'utf8');
  const merges = mergedEntryImports(file, text);
  if (!merges.length) continue;
  for (const e of merges.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
  changed.add(file);
}
for (const [entry, perDeep] of additions) {
  let text = readFileSync(entry, 'utf8').replace(/\n*$/, '\n');
  for (const [deep, names] of perDeep) {
    let path = relative(dirname(entry), deep)
      .replace(/\.(ts|tsx|mts)$/, '')
      .replace(/\/index$/, '');
    if (!path.startsWith('.')) path = `./${path}`;
    const list = [...names].map(([name, isType]) => (isType ? `type ${name}` : name)).join(', ');
    text += `export { ${list} } from '${path}';\n`;
  }
  writeFileSync(entry, text);
  changed.add(entry);
}
if (changed.size) {
  execFileSync(
    join(root, 'node_modules', '.bin', 'prettier'),
    ['--log-level', 'warn', '--write', ...changed],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
process.exit(problems.length ? 1 : 0);
