import { calendar } from '@clientkit/contracts/calendar';
import { docs } from '@clientkit/contracts/docs';
import { idm } from '@clientkit/contracts/idm';
import { mail } from '@clientkit/contracts/mail';
import { metering } from '@clientkit/contracts/metering';
import type { FuzzRequest } from './requests';

/** An operation of a contract, as the method it answers and a pattern of the paths it serves. */
interface Route {
  /** `docs.getSpaceById`. */
  operation: string;
  methods: readonly string[];
  pattern: RegExp;
}

/** A path template (`/spaces/{spaceId}`) as a pattern: each parameter one segment, a last slash allowed. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\w+\}/g, '[^/]+')}/?$`);
}

/** Where the server mounts each contract's base path: the calendar's is under WordPress's REST root. */
const mountOf: Record<string, string> = { calendar: '/wp-json' };

/** Every operation of the five contracts, routed as the server routes them. */
export const contractRoutes: readonly Route[] = [docs, calendar, metering, mail, idm].flatMap(
  (contract) =>
    Object.entries(contract.operations).map(([id, declared]): Route => {
      const operation = declared as {
        method: string;
        also?: readonly string[];
        path: string;
        base?: string;
      };
      const base = (mountOf[contract.name] ?? '') + (operation.base ?? contract.base);
      return {
        operation: `${contract.name}.${id}`,
        methods: [operation.method, ...(operation.also ?? [])],
        pattern: patternOf(`${base}${operation.path === '/' ? '' : operation.path}`),
      };
    }),
);

/** The operation a fuzzed request is aimed at, when its method and path name one. */
export function operationOf(request: FuzzRequest, origin: string): string | undefined {
  const path = new URL(request.target, origin).pathname;
  return contractRoutes.find(
    (route) => route.methods.includes(request.method) && route.pattern.test(path),
  )?.operation;
}
