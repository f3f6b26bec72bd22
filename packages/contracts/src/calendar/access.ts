import type { calendar } from './operations';

/**
 * Who may call a calendar operation: `anyone` (published records are public; unpublished ones
 * still need an editor's credentials), or only an `editor` (or an administrator). Credentials sent
 * to a public read are still checked: a wrong application password is 401, a bad nonce 403.
 */
export type CalendarAccess = 'anyone' | 'editor';

/**
 * Who may call each operation of the events calendar: its listings and reads are public, its
 * creates, updates and deletes an editor's. The reference server authorizes and documents its
 * security by it; clients never read it.
 */
export const calendarAccess: Record<keyof typeof calendar.operations, CalendarAccess> = {
  getIndex: 'anyone',
  getDoc: 'anyone',
  'events.list': 'anyone',
  'events.create': 'editor',
  'events.get': 'anyone',
  'events.update': 'editor',
  'events.delete': 'editor',
  'events.getBySlug': 'anyone',
  'events.updateBySlug': 'editor',
  'events.deleteBySlug': 'editor',
  'venues.list': 'anyone',
  'venues.create': 'editor',
  'venues.get': 'anyone',
  'venues.update': 'editor',
  'venues.delete': 'editor',
  'venues.getBySlug': 'anyone',
  'venues.updateBySlug': 'editor',
  'venues.deleteBySlug': 'editor',
  'organizers.list': 'anyone',
  'organizers.create': 'editor',
  'organizers.get': 'anyone',
  'organizers.update': 'editor',
  'organizers.delete': 'editor',
  'organizers.getBySlug': 'anyone',
  'organizers.updateBySlug': 'editor',
  'organizers.deleteBySlug': 'editor',
  'categories.list': 'anyone',
  'categories.create': 'editor',
  'categories.get': 'anyone',
  'categories.update': 'editor',
  'categories.delete': 'editor',
  'tags.list': 'anyone',
  'tags.create': 'editor',
  'tags.get': 'anyone',
  'tags.update': 'editor',
  'tags.delete': 'editor',
};
