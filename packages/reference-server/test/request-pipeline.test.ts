import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestPipeline } from '../src/app';
import { createClock } from '../src/clock';
import { FaultInjector } from '../src/faults/injector';
import { createFaultWaits } from '../src/faults/waits';
import { createReferenceServer } from '../src/index';
import { trafficCounter } from '../src/traffic';

/** The stages as the code declares them, outermost first, as `name: reason` lines. */
function declaredStages(): string[] {
  const clock = createClock({ frozen: true });
  const stages = requestPipeline({
    context: { clock, tenant: 'public', logError: () => undefined },
    modules: [],
    faults: new FaultInjector(),
    waits: createFaultWaits(),
    admin: undefined,
    traffic: trafficCounter(clock),
  });
  clock.close();
  return stages.map((stage) => `${stage.name}: ${stage.reason}`);
}

/** The numbered list of the README's "The request pipeline" section, as `name: reason` lines. */
function readmeStages(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n### The request pipeline\n')[1]!.split('\n#')[0]!;
  const items = section.split(/\n(?=\d+\. )/).filter((item) => /^\d+\. /.test(item));
  return items.map((item) =>
    item
      .replace(/^\d+\. \*\*(.+?)\*\*:/, '$1:')
      .replace(/\n\n[\s\S]*$/, '')
      .replace(/\s+/g, ' ')
      .replace(/`/g, '')
      .trim()
      .replace(/\.$/, ''),
  );
}

describe('the request pipeline', () => {
  it('is one list of named stages, each with the reason for its place, from the answer faults to the error mapping', () => {
    const names = declaredStages().map((line) => line.slice(0, line.indexOf(':')));
    expect(names).toEqual([
      'answer faults',
      'traffic',
      'request ids',
      'CORS',
      'interface conventions',
      'injected faults',
      'body limits',
      'write transactions',
      'routes',
      'error mapping',
    ]);
  });

  it('is listed in the README in the order the code declares it, each stage with its reason', () => {
    expect(readmeStages()).toEqual(declaredStages());
  });

  it('refuses an oversized body before authorizing the caller (413, not 401), with CORS, a request id and the interface’s error format', async () => {
    await using server = await createReferenceServer({ clock: { frozen: true } });
    const response = await server.fetch('http://reference.test/v1/spaces/space_handbook', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'https://page.example' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({ error: { code: 413, message: expect.any(String) } });
  });
});
