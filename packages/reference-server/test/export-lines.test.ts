import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exportLines, shellWord } from '../src/cli/export-lines';

describe('export lines for a shell', () => {
  it('leave a value with nothing special in it unquoted', () => {
    expect(shellWord('https://idm.clientkit.test/api/v2/')).toBe(
      'https://idm.clientkit.test/api/v2/',
    );
    expect(exportLines({ CLIENTKIT_DOCS_TOKEN: 'docs-dev-user-ada' })).toEqual([
      'export CLIENTKIT_DOCS_TOKEN=docs-dev-user-ada',
    ]);
  });

  it('single-quote a value with spaces, quotes or shell characters, which sh then reads back as it was', () => {
    const values = ['EdiT oRPa ssW0', "it's", 'a$b`c`"d"\\e', 'x;y&z|w*'];
    for (const value of values) {
      const line = exportLines({ CLIENTKIT_TEST_VALUE: value })[0]!;
      const read = execFileSync('sh', ['-c', `${line}\nprintf %s "$CLIENTKIT_TEST_VALUE"`], {
        env: { PATH: process.env.PATH },
        encoding: 'utf8',
      });
      expect(read).toBe(value);
    }
  });
});
