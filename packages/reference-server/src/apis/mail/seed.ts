import type { MailSeed } from './store';

/**
 * Two servers with distinct inbound hashes. Acme Support receives at the default inbound domain
 * and has no hook yet; Globex Billing has its own inbound domain, keeps raw emails, blocks spam
 * scoring 10 or more, and posts to a hook URL with credentials (which GET shows without the password).
 */
export function mailSeed(): MailSeed {
  return {
    servers: [
      {
        ID: 1,
        Name: 'Acme Support',
        Color: 'Blue',
        InboundHash: '4b1d2c9e7f3a4e6d8c0b5a7f9e1d3c2b',
      },
      {
        ID: 2,
        Name: 'Globex Billing',
        Color: 'Green',
        InboundHash: 'e8f7a6b5c4d34e2f9a1b0c8d7e6f5a49',
        InboundDomain: 'mail.globex.test',
        InboundHookUrl: 'https://globex:globex-hook-secret@hooks.globex.test/mail/inbound',
        RawEmailEnabled: true,
        InboundSpamThreshold: 10,
        TrackOpens: true,
        TrackLinks: 'HtmlAndText',
      },
    ],
  };
}
