import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/arguments';
import { parseProxyArguments } from '../src/cli/proxy-command';
import { parseReplayArguments } from '../src/cli/replay-command';

describe('the arguments of proxy and replay', () => {
  it('proxy takes the target origin, the port and host, the recording directory and the CI flag', () => {
    expect(
      parseProxyArguments([
        '--target',
        'https://api.example.com/',
        '--port',
        '0',
        '--record',
        'recordings',
        '--fail-on-violation',
      ]),
    ).toEqual({
      help: false,
      target: 'https://api.example.com',
      port: 0,
      host: '127.0.0.1',
      record: 'recordings',
      failOnViolation: true,
    });
  });

  it('proxy refuses a target that is more than an origin, naming --target', () => {
    for (const target of [
      'https://api.example.com/v1',
      'https://user:pw@api.example.com',
      'ftp://x',
    ]) {
      expect(() => parseProxyArguments(['--target', target])).toThrow(
        new UsageError(
          `--target must be an http or https origin such as https://api.example.com, not ${JSON.stringify(target)}`,
        ),
      );
    }
  });

  it('replay takes one directory, the port and the host', () => {
    expect(parseReplayArguments(['recordings', '--port', '4011'])).toEqual({
      help: false,
      dir: 'recordings',
      port: 4011,
      host: '127.0.0.1',
    });
    expect(() => parseReplayArguments(['a', 'b'])).toThrow(/replay needs one directory/);
    expect(() => parseReplayArguments(['a', '--record', 'b'])).toThrow(UsageError);
  });
});
