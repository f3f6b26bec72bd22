import type { Server } from '@clientkit/contracts/mail';
import { displayHookUrl } from './hook-url';
import type { InboundRecord, StoredServer } from './store';

/** The hook URL fields of a server record; each may carry credentials. */
export const hookUrlFields = [
  'InboundHookUrl',
  'BounceHookUrl',
  'OpenHookUrl',
  'DeliveryHookUrl',
  'ClickHookUrl',
] as const;

/** The inbound address of a server: its hash at its one inbound domain. */
export function inboundAddressOf(server: StoredServer): string {
  return `${server.InboundHash}@${server.InboundDomain}`;
}

/** The server record as the interface answers it, with the passwords of hook URLs left out. */
export function presentServer(server: StoredServer): Server {
  const record: Server = {
    ID: server.ID,
    Name: server.Name,
    ApiTokens: [...server.ApiTokens],
    Color: server.Color,
    SmtpApiActivated: server.SmtpApiActivated,
    RawEmailEnabled: server.RawEmailEnabled,
    DeliveryType: server.DeliveryType,
    ServerLink: `https://mail.clientkit.test/servers/${server.ID}/streams`,
    InboundAddress: inboundAddressOf(server),
    InboundDomain: server.InboundDomain,
    InboundHash: server.InboundHash,
    InboundHookUrl: '',
    InboundSpamThreshold: server.InboundSpamThreshold,
    BounceHookUrl: '',
    OpenHookUrl: '',
    DeliveryHookUrl: '',
    ClickHookUrl: '',
    TrackOpens: server.TrackOpens,
    TrackLinks: server.TrackLinks,
    PostFirstOpenOnly: server.PostFirstOpenOnly,
    IncludeBounceContentInHook: server.IncludeBounceContentInHook,
    EnableSmtpApiErrorHooks: server.EnableSmtpApiErrorHooks,
  };
  for (const field of hookUrlFields) record[field] = displayHookUrl(server[field]);
  return record;
}

/** The server as the admin state shows it: the API record without its secret `ApiTokens`. */
export function presentServerForAdmin(server: StoredServer): Omit<Server, 'ApiTokens'> {
  const { ApiTokens: _secret, ...shown } = presentServer(server);
  return shown;
}

/**
 * A copy of an inbound record for inspection (attempt URLs are stored already redacted). The
 * payload is frozen when stored, so it is shared rather than copied: a message to many recipients
 * can be as large as the message limit, and copying it per record would multiply that.
 */
export function presentRecord(record: InboundRecord): InboundRecord {
  const { payload, ...rest } = record;
  return { ...structuredClone(rest), payload };
}
