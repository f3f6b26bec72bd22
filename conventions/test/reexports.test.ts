/**
 * Every client re-exports the same names of `@clientkit/core`'s public entry, all of them, so that
 * one import from the client is always enough and no client drifts from the others: the values are
 * checked at run time, the type-only names in each client's entry file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as calendar from '@clientkit/calendar-client';
import * as core from '@clientkit/core';
import * as docs from '@clientkit/docs-client';
import * as idm from '@clientkit/idm-client';
import * as mail from '@clientkit/mail-client';
import * as metering from '@clientkit/metering-client';
import { describe, expect, it } from 'vitest';

const clients = { docs, calendar, metering, mail, idm } as const;
const packagesDir = join(import.meta.dirname, '..', '..', 'packages');

describe.each(Object.entries(clients))('@clientkit/%s-client', (name, client) => {
  it("exports every value of core's public entry, the same object", () => {
    const exported = client as Record<string, unknown>;
    const differing = Object.entries(core).filter(([key, value]) => exported[key] !== value);
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("re-exports core's public entry whole, and no core name one by one", () => {
    const entry = readFileSync(join(packagesDir, `${name}-client`, 'src', 'index.ts'), 'utf8');
    expect(entry).toContain("export * from '@clientkit/core';");
    expect(entry).not.toMatch(/export (type )?\{[^}]*\} from '@clientkit\/core';/);
  });
});
