import type { Clock } from '../../clock';
import type { Viewer } from './auth';
import type {
  CalendarState,
  StoredEvent,
  StoredOrganizer,
  StoredPost,
  StoredTerm,
  StoredVenue,
} from './state';

export type Taxonomy = 'categories' | 'tags';
export type PostCollection = 'events' | 'venues' | 'organizers';

/** WordPress's sanitize_title, near enough: lower case, ASCII letters and digits joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The calendar's records and the lookups and bookkeeping every route needs. */
export class CalendarStore {
  state: CalendarState;
  readonly #clock: Clock;

  constructor(state: CalendarState, clock: Clock) {
    this.state = state;
    this.#clock = clock;
  }

  /** Milliseconds since the epoch on the server clock. */
  now(): number {
    return this.#clock.now();
  }

  nowIso(): string {
    return this.#clock.date().toISOString();
  }

  user(id: number) {
    return this.state.users.find((user) => user.id === id);
  }

  event(id: number): StoredEvent | undefined {
    return this.state.events.find((event) => event.id === id);
  }

  venue(id: number): StoredVenue | undefined {
    return this.state.venues.find((venue) => venue.id === id);
  }

  organizer(id: number): StoredOrganizer | undefined {
    return this.state.organizers.find((organizer) => organizer.id === id);
  }

  term(taxonomy: Taxonomy, id: number): StoredTerm | undefined {
    return this.state[taxonomy].find((term) => term.id === id);
  }

  /** The next post id: events, venues and organizers share one sequence. */
  nextPostId(): number {
    const all: StoredPost[] = [
      ...this.state.events,
      ...this.state.venues,
      ...this.state.organizers,
    ];
    return Math.max(0, ...all.map((post) => post.id)) + 1;
  }

  /** The next term id: categories and tags share one sequence. */
  nextTermId(): number {
    const all = [...this.state.categories, ...this.state.tags];
    return Math.max(0, ...all.map((term) => term.id)) + 1;
  }

  /** `wanted` made unique among the collection's slugs with -2, -3 ..., as WordPress does. */
  uniquePostSlug(collection: PostCollection, wanted: string, ownId: number): string {
    const taken = new Set(
      (this.state[collection] as StoredPost[])
        .filter((post) => post.id !== ownId)
        .map((post) => post.slug),
    );
    return uniqueIn(taken, wanted);
  }

  termSlugTaken(taxonomy: Taxonomy, slug: string, ownId: number): boolean {
    return this.state[taxonomy].some((term) => term.slug === slug && term.id !== ownId);
  }

  uniqueTermSlug(taxonomy: Taxonomy, wanted: string, ownId: number): string {
    const taken = new Set(
      this.state[taxonomy].filter((term) => term.id !== ownId).map((term) => term.slug),
    );
    return uniqueIn(taken, wanted);
  }

  /** Published events that carry the term (what WordPress counts). */
  termCount(taxonomy: Taxonomy, id: number): number {
    return this.state.events.filter(
      (event) => event.status === 'publish' && event[taxonomy].includes(id),
    ).length;
  }
}

function uniqueIn(taken: Set<string>, wanted: string): string {
  if (!taken.has(wanted)) return wanted;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${wanted}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Whether the viewer may see a record in lists and reads: published records are public; every
 * other status (drafts, pending, private, scheduled, trash) only to editors.
 */
export function isVisible(post: { status: string }, viewer: Viewer): boolean {
  return post.status === 'publish' || viewer.canEdit;
}
