/**
 * Every operation of a contract is a method of its client at the name the operation gives (`sdk`),
 * which is also the name its messages, logs and spans use: a contract operation without a binding,
 * or a binding renamed away from its operation, fails here.
 */
import { calendar } from '@clientkit/contracts/calendar';
import { docs } from '@clientkit/contracts/docs';
import { idm } from '@clientkit/contracts/idm';
import { mail } from '@clientkit/contracts/mail';
import { metering } from '@clientkit/contracts/metering';
import { describe, expect, it } from 'vitest';
import { profiles } from './support/profiles';

const contracts = {
  DocsClient: docs,
  CalendarClient: calendar,
  MeteringClient: metering,
  MailClient: mail,
  IdmClient: idm,
} as const;

/** Operations a client reaches otherwise: idm's token endpoint is what `clientCredentials()` calls. */
const unbound = new Set(['idm.oauth.token']);

describe.each(profiles)('$name bindings', (profile) => {
  const contract = contracts[profile.name as keyof typeof contracts];

  it('binds every operation of its contract as a method at the operation’s sdk name', () => {
    const client = profile.make() as unknown as Record<string, unknown>;
    const missing = Object.values(contract.operations)
      .filter((operation) => !unbound.has(`${contract.name}.${operation.sdk}`))
      .filter((operation) => {
        const names: string[] = (operation.sdk as string).split('.');
        const method = names.pop()!;
        const owner = names.reduce<unknown>(
          (object, name) => (object as Record<string, unknown> | undefined)?.[name],
          client,
        ) as Record<string, unknown> | undefined;
        return typeof owner?.[method] !== 'function';
      })
      .map((operation) => operation.sdk);
    expect(missing).toEqual([]);
  });
});
