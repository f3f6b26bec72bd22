import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index';
import { useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer({ tenant: 'private' });

async function getJson(path: string) {
  const response = await e2e.fetch(path);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('private cloud tenant: page sizes up to 100, default 50', () => {
  it('answers 50 records (half the maximum) when per_page and take are left out', async () => {
    expect((await getJson('/api/v2/logs?page=0')).body).toHaveLength(50);
    const { next } = (await getJson('/api/v2/logs?take=1')).body as { next: string };
    expect(
      ((await getJson(`/api/v2/logs?from=${next}`)).body as { logs: unknown[] }).logs,
    ).toHaveLength(50);
  });

  it('accepts per_page and take of 100, and answers 400 to 101', async () => {
    expect((await getJson('/api/v2/logs?per_page=100')).body).toHaveLength(100);
    expect(
      ((await getJson('/api/v2/logs?take=100')).body as { logs: unknown[] }).logs,
    ).toHaveLength(100);
    for (const query of ['per_page=101', 'take=101']) {
      const { status, body } = await getJson(`/api/v2/logs?${query}`);
      expect(status).toBe(400);
      expect((body as { message: string }).message).toContain('must be at most 100');
    }
  });

  it('reaches record 999 with page 9 x 100 and refuses page 10 x 100', async () => {
    expect((await getJson('/api/v2/logs?page=9&per_page=100')).body).toHaveLength(100);
    expect((await getJson('/api/v2/logs?page=10&per_page=100')).status).toBe(400);
  });

  it('a client for a private tenant sends take 50 by default and accepts 100', async () => {
    const idm = await e2e.client({ tenant: 'private' });
    const page = await idm.logs.list();
    expect(page.items).toHaveLength(50);
    expect((await idm.logs.list({ per_page: 100 })).items).toHaveLength(100);
    expect(await rejectionOf(idm.logs.list({ take: 101 }))).toBeInstanceOf(RequestValidationError);
  });

  it('a client set up for a public tenant refuses 51 even though this tenant would accept it', async () => {
    const idm = await e2e.client({ tenant: 'public' });
    expect(await rejectionOf(idm.clients.list({ take: 51 }))).toBeInstanceOf(
      RequestValidationError,
    );
  });
});
