/**
 * An operation added to a contract and left without one of its server parts, as the root README's
 * "Adding an operation" lists them: the server neither compiles (each `@ts-expect-error` below
 * holds that; `pnpm typecheck` fails once the error is gone) nor starts without the operation's
 * access rule, its documentation entry or its handler. Its client binding is checked by the
 * conventions suite (`conventions/test/bindings.test.ts`).
 */
import { type DocsAccess, docs, docsAccess } from '@clientkit/contracts/docs';
import { Space } from '@clientkit/contracts/docs/responses';
import { defineContract } from '@clientkit/core/contract';
import { describe, expect, it } from 'vitest';
import { docsDescription, docsDocumentation } from '../src/apis/docs/description';
import { docsHandlers } from '../src/apis/docs/handlers';
import type { Principal } from '../src/apis/docs/security';
import { docsSeed } from '../src/apis/docs/seed';
import { DocsStore } from '../src/apis/docs/store';
import { createClock } from '../src/clock';
import {
  type AccessOf,
  type DocumentationOf,
  type HandlersOf,
  mountOperations,
  operationsOf,
} from '../src/operations';
import { SecretMap } from '../src/secret-map';

/** The docs contract with one operation more, as step 1 of "Adding an operation" leaves it. */
const withArchive = defineContract({
  name: docs.name,
  base: docs.base,
  operations: {
    ...docs.operations,
    archiveSpace: {
      sdk: 'spaces.archive',
      method: 'POST',
      path: '/spaces/{spaceId}/archive',
      response: Space,
    },
  },
});
type WithArchive = typeof withArchive;

const access: AccessOf<WithArchive, readonly DocsAccess[]> = {
  ...docsAccess,
  archiveSpace: ['user', 'oauth:space:write'],
};
const documentation: DocumentationOf<WithArchive> = {
  ...docsDocumentation,
  archiveSpace: { summary: 'Archives a space', success: [200] },
};

describe('an operation added to a contract', () => {
  it('does not compile, and the server does not start, without its access rule', () => {
    const { archiveSpace: _, ...withoutRule } = access;
    // @ts-expect-error archiveSpace has no access rule
    expect(() => operationsOf(withArchive, withoutRule, documentation)).toThrow(
      'docs: no access rule for archiveSpace',
    );
  });

  it('does not compile, and the server does not start, without its documentation entry', () => {
    const { archiveSpace: _, ...withoutEntry } = documentation;
    // @ts-expect-error archiveSpace has no documentation entry
    expect(() => operationsOf(withArchive, access, withoutEntry)).toThrow(
      'docs: no documentation for archiveSpace',
    );
  });

  it('does not compile, and the server does not start, without its handler', () => {
    const clock = createClock({ frozen: true });
    const tokens = new SecretMap<Principal>([]);
    const description = {
      ...docsDescription(tokens),
      operations: operationsOf(withArchive, access, documentation),
    };
    // The table as the interface writes it: one object of handlers, which lacks archiveSpace.
    const table = { ...docsHandlers(new DocsStore(docsSeed(), clock), 'signing key') };
    // @ts-expect-error archiveSpace has no handler
    const handlers: HandlersOf<WithArchive, Principal> = table;
    expect(() => mountOperations(description, handlers)).toThrow(
      'Documentation hosting API: no handler for archiveSpace',
    );
    clock.close();
  });
});
