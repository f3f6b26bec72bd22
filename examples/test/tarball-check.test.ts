import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-tarball.mjs runs in every published package's publint task; these tests give it
// small packages of their own, so that each rule is seen to fail as well as to pass.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(root, 'scripts', 'check-tarball.mjs');
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'clientkit-tarball-'));
  made.push(dir);
  const pkg = {
    name: '@clientkit/fixture',
    version: '1.0.0',
    files: ['dist', 'README.md', 'LICENSE'],
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function check(dir: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [script], { cwd: dir, timeout: 50_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('the tarball check', () => {
  it('passes a package whose tarball holds its LICENSE and every file its README links to', async () => {
    const dir = fixture({
      LICENSE: 'MIT',
      'README.md':
        '# fixture\n\nSee [the guide](dist/guide.md#start) and [the site](https://example.com).\n',
      'dist/guide.md': '# guide\n',
    });
    const result = await check(dir);
    expect(result.output).toContain('LICENSE and every README link are in the tarball');
    expect(result.code).toBe(0);
  });

  it('fails a package whose tarball has no LICENSE', async () => {
    const result = await check(fixture({ 'README.md': '# fixture\n' }));
    expect(result.output).toContain('LICENSE is not in the tarball');
    expect(result.code).toBe(1);
  });

  it('fails a README link to a file the tarball leaves out, or outside the package', async () => {
    const dir = fixture({
      LICENSE: 'MIT',
      'README.md': '# fixture\n\n[notes](NOTES.md), [design](../shared/design/WIRE.md)\n',
      'NOTES.md': 'not in files\n',
    });
    const result = await check(dir);
    expect(result.output).toContain('README links NOTES.md, which is not in the tarball');
    expect(result.output).toContain('README links ../shared/design/WIRE.md, outside the package');
    expect(result.code).toBe(1);
  });

  it('fails a README that points at repository files or issues', async () => {
    const dir = fixture({
      LICENSE: 'MIT',
      'README.md': '# fixture\n\nThe loader is in `src/loader.ts`, as Issue 13 asked.\n',
    });
    const result = await check(dir);
    expect(result.output).toContain('README mentions "src/"');
    expect(result.output).toContain('README mentions "Issue 13"');
    expect(result.code).toBe(1);
  });

  it('does not read links inside code blocks', async () => {
    const dir = fixture({
      LICENSE: 'MIT',
      'README.md': '# fixture\n\n```js\nconst link = "[x](missing.md)";\n```\n',
    });
    expect((await check(dir)).code).toBe(0);
  });
});
