#!/usr/bin/env node
// Finds import cycles among the files of each package's src/ (static imports and re-exports,
// type-only imports, and dynamic import() alike: each ties load order or declarations together,
// and the architecture allows no cycle inside a package), and among its folders: the files of a
// folder taken as one, so that layers only point down (the entry files directly in src/, which
// import every layer and which no layer imports, are left out). Prints each cycle as the files or
// folders it links and exits 1 if there is any.
// Usage: node scripts/check-cycles.mjs [src-dir ...]   (default: packages/*/src)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Each file of `srcDir` with the files of `srcDir` it imports.
 * @param {string} srcDir
 * @returns {Map<string, string[]>}
 */
export function importGraph(srcDir) {
  const files = readdirSync(srcDir, { recursive: true })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(srcDir, file))
    .sort();
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveRelative(file, fileName, known))
      .filter((target) => target !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** The source file a relative specifier names (`./x.js`, `./x`, `./x.ts`, `./dir`), if any. */
function resolveRelative(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((candidate) => known.has(candidate));
}

/**
 * The graph of the folders of `srcDir`: each folder directly under it imports the folders its
 * files import. Files directly in `srcDir` (the package's entries) are left out.
 * @param {Map<string, string[]>} graph
 * @param {string} srcDir
 * @returns {Map<string, string[]>}
 */
export function folderGraph(graph, srcDir) {
  const folderOf = (file) => {
    const [first, ...rest] = relative(srcDir, file).split(/[\\/]/);
    return rest.length > 0 ? first : undefined;
  };
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const imported = folders.get(from) ?? new Set();
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from) imported.add(to);
    }
    folders.set(from, imported);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/**
 * The import cycles of a graph: each group of files that reach one another (a strongly connected
 * component), with chains of imports that go round it and together pass through every file of the
 * group.
 * @param {Map<string, string[]>} graph
 * @returns {{ files: string[], chains: string[][] }[]}
 */
export function findCycles(graph) {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || graph.get(group[0]).includes(group[0]))
    .map((group) => ({ files: [...group].sort(), chains: chainsThrough(graph, group) }));
}

/** Tarjan's algorithm, iterating files in a fixed order so the report is stable. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** Shortest chains round the group, one through each file no earlier chain passed. */
function chainsThrough(graph, group) {
  const members = new Set(group);
  const covered = new Set();
  const chains = [];
  for (const file of [...group].sort()) {
    if (covered.has(file)) continue;
    const chain = shortestCycle(graph, members, file);
    for (const member of chain) covered.add(member);
    chains.push(chain);
  }
  return chains;
}

/** Breadth-first from `start` back to itself, inside the group: [start, …, start]. */
function shortestCycle(graph, members, start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file)) {
      if (target === start) return [...pathTo(cameFrom, start, file), start];
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  throw new Error(`${start} is in a cycle but no chain leads back to it`);
}

function pathTo(cameFrom, start, file) {
  const path = [file];
  while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
  return path;
}

/**
 * The cycles of each source folder, as lines to print; empty when there are none.
 * @param {string[]} srcDirs
 * @returns {string[]}
 */
export function report(srcDirs, root = process.cwd()) {
  const lines = [];
  for (const srcDir of srcDirs) {
    const graph = importGraph(srcDir);
    const named = (file) => relative(srcDir, file);
    lines.push(...described(findCycles(graph), `${relative(root, srcDir)}`, 'files', named));
    const folders = findCycles(folderGraph(graph, srcDir));
    lines.push(...described(folders, `${relative(root, srcDir)} (folders)`, 'folders', String));
  }
  return lines;
}

/** The lines that tell `cycles` of one source folder; none when there are none. */
function described(cycles, where, things, named) {
  if (cycles.length === 0) return [];
  const plural = cycles.length === 1 ? 'cycle' : 'cycles';
  const lines = [`${where}: ${cycles.length} import ${plural}`];
  for (const { files, chains } of cycles) {
    lines.push(`  ${files.length} ${things}: ${files.map(named).join(', ')}`);
    for (const chain of chains) lines.push(`    ${chain.map(named).join(' -> ')}`);
  }
  return lines;
}

function packageSourceDirs(root) {
  const packages = join(root, 'packages');
  return readdirSync(packages)
    .map((name) => join(packages, name, 'src'))
    .filter((srcDir) => existsSync(srcDir))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const srcDirs = args.length > 0 ? args.map((dir) => resolve(dir)) : packageSourceDirs(root);
  const lines = report(srcDirs, root);
  if (lines.length > 0) {
    console.error(
      `Import cycles (no package, nor any folder of one, may import itself round a loop):\n${lines.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`No import cycles among the files or folders of ${srcDirs.length} packages.`);
}
