import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import { bodyOf } from '../../operations';
import type { CalendarAuth } from './auth';

const CalendarProfessionalRequest = z.strictObject({ enabled: z.boolean() });
const CalendarNonceRequest = z.strictObject({ user: z.string() });

/** The professional add-on switch, as the admin routes see it. */
export interface ProfessionalSwitch {
  get(): boolean;
  set(enabled: boolean): void;
}

/** Test control under `/__admin/calendar`: the professional add-on and REST nonces. */
export function calendarAdminTable(
  professional: ProfessionalSwitch,
  auth: CalendarAuth,
): AdminTable {
  return {
    operations: [
      adminOperation('getProfessional', 'GET', '/professional', 'Whether the add-on is on'),
      adminOperation('setProfessional', 'POST', '/professional', 'Turn the add-on on or off', {
        body: CalendarProfessionalRequest,
      }),
      adminOperation('mintCalendarNonce', 'POST', '/nonces', 'A REST nonce for a user, 24 hours', {
        body: CalendarNonceRequest,
        success: { 201: 'Minted' },
        errors: { 400: 'No user has this login' },
      }),
    ],
    handlers: {
      getProfessional: (c) => c.json({ enabled: professional.get() }),
      setProfessional: (c, _, input) => {
        professional.set(bodyOf(input, CalendarProfessionalRequest).enabled);
        return c.json({ enabled: professional.get() });
      },
      mintCalendarNonce: (c, _, input) => {
        const minted = auth.mintNonce(bodyOf(input, CalendarNonceRequest).user);
        return c.json(
          { nonce: minted.nonce, user: minted.user, expires_at: minted.expiresAt },
          201,
        );
      },
    },
    requests: { CalendarProfessionalRequest, CalendarNonceRequest },
  };
}
