import { DocsClient } from '@clientkit/docs-client';
import nock from 'nock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createProxyServer, createReferenceServer } from '../src/index';
import { nockRecording } from '../src/testing';
import {
  developmentCredentials,
  otherCredentials,
  recordingDir,
  removeRecordingDirs,
  runSession,
  sessionClients,
} from './support/recorded-session';

afterAll(removeRecordingDirs);

/**
 * Records through a proxy in front of a reference server, which is stopped before the recording
 * is used: resolves with the directory, the target's origin and what `record` resolved to.
 */
async function recordAgainstReferenceServer<T>(record: (proxyUrl: string) => Promise<T>) {
  const upstream = await createReferenceServer();
  const { url: origin } = await upstream.listen(0);
  const dir = recordingDir();
  const proxy = await createProxyServer({ target: origin, record: dir, log: () => {} });
  const { url } = await proxy.listen(0);
  try {
    return { dir, origin, recorded: await record(url) };
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe('nockRecording(dir)', () => {
  it('answers every client from a recorded directory with no server, the metering stream and the token exchange included', async () => {
    const { dir, origin, recorded } = await recordAgainstReferenceServer((url) =>
      runSession(sessionClients(url, developmentCredentials)),
    );
    nock.disableNetConnect();
    const scopes = await nockRecording(dir);
    const paths = scopes.flatMap((scope) => scope.pendingMocks());
    expect(paths).toContain(`POST ${origin}/oauth/token`);
    expect(paths).toContain(`POST ${origin}/v2/billing/meter_event_stream`);

    const replayed = await runSession(sessionClients(origin, otherCredentials));
    expect(replayed).toEqual({
      ...recorded,
      mail: {
        ...recorded.mail,
        ApiTokens: ['[redacted]'],
        InboundHookUrl: 'https://[redacted]@hooks.example.com/inbound',
      },
    });
    expect(scopes.filter((scope) => !scope.isDone())).toEqual([]);
  });

  it('gives the n-th of identical requests the n-th recording', async () => {
    const { dir, origin } = await recordAgainstReferenceServer(async (url) => {
      const docs = new DocsClient({ baseUrl: url, token: developmentCredentials.docsToken });
      await docs.spaces.get('space_handbook');
      await docs.spaces.update('space_handbook', { title: 'Second title' });
      await docs.spaces.get('space_handbook');
    });
    nock.disableNetConnect();
    await nockRecording(dir);
    const docs = new DocsClient({ baseUrl: origin, token: otherCredentials.docsToken });
    const first = await docs.spaces.get('space_handbook');
    const second = await docs.spaces.get('space_handbook');
    expect([first.title, second.title]).toEqual(['Robot handbook', 'Second title']);
  });

  it('leaves a request whose body differs from the recording unanswered', async () => {
    const { dir, origin } = await recordAgainstReferenceServer(async (url) => {
      const docs = new DocsClient({ baseUrl: url, token: developmentCredentials.docsToken });
      await docs.spaces.update('space_handbook', { title: 'Recorded title' });
    });
    nock.disableNetConnect();
    const [scope] = await nockRecording(dir);
    const docs = new DocsClient({ baseUrl: origin, token: otherCredentials.docsToken, retry: 0 });
    await expect(docs.spaces.update('space_handbook', { title: 'Another title' })).rejects.toThrow(
      /No match for request/,
    );
    expect(scope!.isDone()).toBe(false);
  });
});
