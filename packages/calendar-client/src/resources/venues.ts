import {
  CreateVenueBody,
  LinkedRecordListQuery,
  UpdateVenueBody,
  type VenueChanges,
  type VenueFilters,
  type VenueInput,
} from '../request-schemas';
import type { Venue, VenueList } from '../response-schemas';
import type { LinkedRecords } from './linked-records';
import type { ResourceConfig } from './resource';

/**
 * Venues, the places events happen: list, read, create, change and trash, by id or by slug. Changes are sent
 * as PUT, which the interface treats as PATCH and POST, so a change is retried like a read. `list`
 * looks in the name, description and address fields with `search`.
 */
export type Venues = LinkedRecords<Venue, VenueList, VenueInput, VenueChanges, VenueFilters>;

/** The routes and schemas of venues. */
export const venues: ResourceConfig = {
  name: 'venues',
  item: 'Venue',
  query: LinkedRecordListQuery,
  create: CreateVenueBody,
  update: UpdateVenueBody,
};
