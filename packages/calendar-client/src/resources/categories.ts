import {
  type CategoryChanges,
  type CategoryFilters,
  type CategoryInput,
  CategoryListQuery,
  CreateCategoryBody,
  UpdateCategoryBody,
} from '../request-schemas';
import type { CategoryList, Term } from '../response-schemas';
import type { ResourceConfig } from './resource';
import type { Terms } from './terms';

/** Event categories, a tree: each category may have a `parent`. Terms have no trash: delete removes them for good. */
export type Categories = Terms<Term, CategoryList, CategoryInput, CategoryChanges, CategoryFilters>;

/** The routes and schemas of categories. */
export const categories: ResourceConfig = {
  name: 'categories',
  item: 'Term',
  list: 'CategoryList',
  query: CategoryListQuery,
  create: CreateCategoryBody,
  update: UpdateCategoryBody,
};
