import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, folderGraph, importGraph } from '../../scripts/check-cycles.mjs';
import { workspaceRoot } from '../src/published-packages';

const script = join(workspaceRoot, 'scripts', 'check-cycles.mjs');
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name, 'src');
const checkCycles = (dir: string) =>
  spawnSync(process.execPath, [script, dir], { cwd: workspaceRoot, encoding: 'utf8' });

describe('scripts/check-cycles.mjs', () => {
  it('counts type-only imports, dynamic import() and re-exports as imports', () => {
    const graph = importGraph(fixture('cyclic'));
    const edges = [...graph].flatMap(([from, targets]) =>
      targets.map((to) => `${from} -> ${to}`.replaceAll(`${fixture('cyclic')}/`, '')),
    );
    expect(edges.sort()).toEqual([
      'chain/first.ts -> chain/second.ts',
      'chain/second.ts -> chain/third.ts',
      'chain/third.ts -> chain/first.ts',
      'index.ts -> chain/first.ts',
    ]);
  });

  it('finds the cycle of a fixture and leaves out the files outside it', () => {
    const cycles = findCycles(importGraph(fixture('cyclic')));
    expect(cycles).toHaveLength(1);
    expect(
      cycles[0]!.files.map((file: string) => file.slice(fixture('cyclic').length + 1)),
    ).toEqual(['chain/first.ts', 'chain/second.ts', 'chain/third.ts']);
  });

  it('exits 1 when a folder has a cycle, printing it as a chain of file paths', () => {
    const result = checkCycles(fixture('cyclic'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 import cycle');
    expect(result.stderr).toContain(
      'chain/first.ts -> chain/second.ts -> chain/third.ts -> chain/first.ts',
    );
  });

  it('exits 0 on a folder without cycles, where two files import the same file', () => {
    const result = checkCycles(fixture('acyclic'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(findCycles(importGraph(fixture('acyclic')))).toEqual([]);
  });

  it('finds two folders that import each other although no file cycle links them', () => {
    const graph = importGraph(fixture('folder-cyclic'));
    expect(findCycles(graph)).toEqual([]);
    expect(findCycles(folderGraph(graph, fixture('folder-cyclic')))).toEqual([
      { files: ['high', 'low'], chains: [['high', 'low', 'high']] },
    ]);
    const result = checkCycles(fixture('folder-cyclic'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('(folders): 1 import cycle');
    expect(result.stderr).toContain('high -> low -> high');
  });

  it('leaves the entry files directly in src out of the folders', () => {
    const folders = folderGraph(importGraph(fixture('cyclic')), fixture('cyclic'));
    expect([...folders.keys()]).toEqual(['chain']);
  });
});
