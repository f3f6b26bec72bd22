import type { ReferenceServer } from '@clientkit/reference-server';
import { calendarDemo } from './calendar-demo';
import { docsDemo } from './docs-demo';
import { idmDemo } from './idm-demo';
import { mailDemo } from './mail-demo';
import { meteringDemo } from './metering-demo';

/** One section of the demo: uses one SDK against a running reference server and logs what happens. */
export type DemoPart = (
  server: ReferenceServer,
  url: string,
  log: (line: string) => void,
) => Promise<void>;

/** The demo's sections, in the order it runs them. */
export const demoParts: [title: string, run: DemoPart][] = [
  ['Documentation hosting (@clientkit/docs-client)', docsDemo],
  ['Events calendar (@clientkit/calendar-client)', calendarDemo],
  ['Usage metering (@clientkit/metering-client)', meteringDemo],
  ['Inbound mail (@clientkit/mail-client)', mailDemo],
  ['Identity management (@clientkit/idm-client)', idmDemo],
];
