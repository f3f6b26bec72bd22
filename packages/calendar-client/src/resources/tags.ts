import {
  CreateTagBody,
  type TagChanges,
  type TagFilters,
  type TagInput,
  TagListQuery,
  UpdateTagBody,
} from '../request-schemas';
import type { TagList, Term } from '../response-schemas';
import type { ResourceConfig } from './resource';
import type { Terms } from './terms';

/** Event tags. Terms have no trash: delete removes them for good. */
export type Tags = Terms<Term, TagList, TagInput, TagChanges, TagFilters>;

/** The routes and schemas of tags. */
export const tags: ResourceConfig = {
  name: 'tags',
  item: 'Term',
  list: 'TagList',
  query: TagListQuery,
  create: CreateTagBody,
  update: UpdateTagBody,
};
