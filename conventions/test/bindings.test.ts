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
const exempt = new Set(['idm.oauth.token']);

/** The sdk names of the contract's operations that have no method on the client. */
function unbound(
  contract: { name: string; operations: Record<string, { sdk: string }> },
  client: Record<string, unknown>,
): string[] {
  return Object.values(contract.operations)
    .filter((operation) => !exempt.has(`${contract.name}.${operation.sdk}`))
    .filter((operation) => {
      const names = operation.sdk.split('.');
      const method = names.pop()!;
      const owner = names.reduce<unknown>(
        (object, name) => (object as Record<string, unknown> | undefined)?.[name],
        client,
      ) as Record<string, unknown> | undefined;
      return typeof owner?.[method] !== 'function';
    })
    .map((operation) => operation.sdk);
}

describe.each(profiles)('$name bindings', (profile) => {
  const contract = contracts[profile.name as keyof typeof contracts];

  it('binds every operation of its contract as a method at the operation’s sdk name', () => {
    const client = profile.make() as unknown as Record<string, unknown>;
    expect(unbound(contract, client)).toEqual([]);
  });
});

describe('an operation added to a contract without its client method', () => {
  it('is named by the check above: a docs contract with spaces.archive fails it', () => {
    const withArchive = {
      ...docs,
      operations: { ...docs.operations, archiveSpace: { sdk: 'spaces.archive' } },
    };
    const client = profiles.find((profile) => profile.name === 'DocsClient')!.make();
    expect(unbound(withArchive, client as unknown as Record<string, unknown>)).toEqual([
      'spaces.archive',
    ]);
  });
});
