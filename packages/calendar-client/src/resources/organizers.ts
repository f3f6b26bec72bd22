import {
  CreateOrganizerBody,
  LinkedRecordListQuery,
  type OrganizerChanges,
  type OrganizerFilters,
  type OrganizerInput,
  UpdateOrganizerBody,
} from '../request-schemas';
import type { Organizer, OrganizerList } from '../response-schemas';
import type { LinkedRecords } from './linked-records';
import type { ResourceConfig } from './resource';

/**
 * Organizers, who run events: list, read, create, change and trash, by id or by slug. Changes are sent
 * as PUT, which the interface treats as PATCH and POST, so a change is retried like a read. `list`
 * looks in the name, description, phone, website and email with `search`.
 */
export type Organizers = LinkedRecords<
  Organizer,
  OrganizerList,
  OrganizerInput,
  OrganizerChanges,
  OrganizerFilters
>;

/** The routes and schemas of organizers. */
export const organizers: ResourceConfig = {
  name: 'organizers',
  item: 'Organizer',
  query: LinkedRecordListQuery,
  create: CreateOrganizerBody,
  update: UpdateOrganizerBody,
};
