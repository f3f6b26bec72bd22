import { mail, ServerPath, UpdateServerBody } from '@clientkit/contracts/mail';
import * as responses from '@clientkit/contracts/mail/responses';
import { describe, expect, it } from 'vitest';
import { mailDescription } from '../src/apis/mail/description';
import { mailHandlers } from '../src/apis/mail/handlers';
import { mailSeed } from '../src/apis/mail/seed';
import { MailStore, type StoredServer } from '../src/apis/mail/store';
import { type HandlersOf, mountOperations } from '../src/operations';

const description = () =>
  mailDescription(new MailStore(mailSeed(), 'inbound.clientkit.test'), () => 'token');

describe('the mail routes are the contract’s operations', () => {
  it('mounts each operation of the contract once, under the contract’s base, with its own schemas', () => {
    const { base, operations } = description();
    expect(base).toBe(mail.base);
    expect(operations.map(({ id, methods, path }) => `${id} ${methods.join()} ${path}`)).toEqual([
      'getServer GET /{serverId}',
      'updateServer PUT /{serverId}',
    ]);
    const update = operations.find((operation) => operation.id === 'updateServer');
    expect(update?.body).toBe(UpdateServerBody);
    expect(update?.response).toBe(responses.Server);
    expect(mail.operations.getServer.params).toBe(ServerPath);
  });

  it('refuses to start with an operation that has no handler, or a handler without an operation', () => {
    const store = new MailStore(mailSeed(), 'inbound.clientkit.test');
    const { getServer, updateServer } = mailHandlers(store);
    expect(() => mountOperations(description(), { getServer })).toThrow(
      'Inbound mail server API: no handler for updateServer',
    );
    expect(() =>
      mountOperations(description(), { getServer, updateServer, deleteServer: getServer }),
    ).toThrow('Inbound mail server API: the handler deleteServer has no operation');
  });

  it('types each handler by its operation: a missing handler or a field its body lacks does not compile', () => {
    const reply = () => new Response(null);
    // @ts-expect-error: updateServer has no handler
    const missing: HandlersOf<typeof mail, StoredServer> = { getServer: reply };
    const misread: HandlersOf<typeof mail, StoredServer> = {
      getServer: reply,
      // @ts-expect-error: the body of updateServer has no field Nmae
      updateServer: (_c, _server, { body }) => new Response(body.Nmae),
    };
    // The checks above are the compiler's (the typecheck fails on an unused expectation); at run
    // time the tables are plain objects.
    expect(Object.keys(missing)).toEqual(['getServer']);
    expect(Object.keys(misread)).toEqual(['getServer', 'updateServer']);
  });
});
