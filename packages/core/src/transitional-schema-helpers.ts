// TRANSITIONAL: the old schema helpers, kept only while the clients move their schemas into
// @clientkit/contracts. Deleted once no package imports them.
import * as z from 'zod/mini';

const parses = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
export const urlString = () => z.string().check(z.refine(parses, 'must be a valid URL'));
export const httpUrlString = () =>
  z.string().check(z.refine((v) => /^https?:\/\//i.test(v) && parses(v), 'must be an http(s) URL'));
export const isoDateTimeString = () =>
  z
    .string()
    .check(
      z.refine(
        (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
        'must be an ISO 8601 date-time',
      ),
    );
export const emailString = () =>
  z
    .string()
    .check(z.refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be a valid email address'));
const bounds = (min?: number, max?: number) => [
  ...(min === undefined ? [] : [z.gte(min)]),
  ...(max === undefined ? [] : [z.lte(max)]),
];
export const integer = (min?: number, max?: number) => z.int().check(...bounds(min, max));
export const numberBetween = (min: number, max: number) => z.number().check(...bounds(min, max));

export const anyOf = <const Options extends readonly z.core.$ZodType[]>(options: Options) =>
  z.union(
    options as unknown as [z.core.$ZodType, ...z.core.$ZodType[]],
  ) as unknown as z.ZodMiniType<z.output<Options[number]>, z.input<Options[number]>>;
export const oneOf = <const T extends string>(values: readonly T[]) =>
  z.enum(values as unknown as [T, ...T[]]);
export const recordOf = <T extends z.core.$ZodType>(value: T, _rule?: string) =>
  z.record(z.string(), value);
export const jsonSchemaHint = (_schema: unknown): Record<string, unknown> | undefined => undefined;
