import { PhpArray, type PhpValue } from './php-parameters';

/**
 * WordPress's `_fields` parameter: an answer keeps only the named fields, and `a.b` keeps `b`
 * inside `a`. Names select keys, so in a list they select positions (`events.0`), and a name
 * that is not a key of the answer selects nothing (on a listing, `id` keeps nothing: the
 * listing's own fields are `events`, `total` and the like).
 */

type FieldTree = Map<string, FieldTree | true>;

/** The field names `_fields` gives: a list, or text separated by commas and spaces. */
export function requestedFields(value: PhpValue | undefined): string[] {
  if (value === undefined) return [];
  const items =
    value instanceof PhpArray
      ? value.entries().flatMap(([, item]) => (typeof item === 'string' ? [item] : []))
      : value.split(/[\s,]+/);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function fieldTree(fields: string[]): FieldTree {
  const tree: FieldTree = new Map();
  for (const field of fields) addField(tree, field.split('.'));
  return tree;
}

/** Adds one dotted field; the parts of a field already kept whole add nothing. */
function addField(tree: FieldTree, parts: string[]): void {
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    let child = node.get(part);
    if (child === true) return;
    if (child === undefined) {
      child = new Map();
      node.set(part, child);
    }
    node = child;
  }
  node.set(parts[parts.length - 1]!, true);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list keeps the selected positions; as in PHP, it stays a list only if they start at 0 in a row. */
function pickFromList(list: unknown[], tree: FieldTree): unknown {
  const kept: [number, unknown][] = [];
  list.forEach((item, index) => {
    const selection = tree.get(String(index));
    if (selection !== undefined) kept.push([index, pick(item, selection)]);
  });
  if (kept.every(([index], position) => index === position)) return kept.map(([, item]) => item);
  return Object.fromEntries(kept.map(([index, item]) => [String(index), item]));
}

function pickFromRecord(record: Record<string, unknown>, tree: FieldTree): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => {
      const selection = tree.get(key);
      return selection === undefined ? [] : [[key, pick(value, selection)]];
    }),
  );
}

function pick(value: unknown, selection: FieldTree | true): unknown {
  if (selection === true) return value;
  if (Array.isArray(value)) return pickFromList(value, selection);
  if (isRecord(value)) return pickFromRecord(value, selection);
  return value;
}

/** The answer with only the named fields; a top-level list has them picked from each item. */
export function withFields(data: unknown, fields: string[]): unknown {
  if (fields.length === 0) return data;
  const tree = fieldTree(fields);
  if (Array.isArray(data)) return data.map((item) => pick(item, tree));
  return pick(data, tree);
}
