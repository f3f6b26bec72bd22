import type { core } from 'zod/mini';

/**
 * `maxLength` and `minLength` for the clients' schemas: checks that zod runs, and that its JSON
 * Schema generator reads (`maxLength`, `maxItems`, ...), from their definition exactly as it reads
 * zod's own. They are plain check objects rather than instances of zod's check classes, whose
 * class machinery would otherwise ship in every client's bundle. As with zod's, a string's length
 * counts code points (an emoji is one character), and a value too long or too short raises zod's
 * `too_big` or `too_small` issue, which `describeIssues` words.
 */

type Sizeable = { length: number };
type Payload = core.ParsePayload<Sizeable>;

/** Like zod's length checks, these leave a value without a length to the schema's type check. */
const hasLength = (payload: Payload): boolean =>
  payload.value !== null && payload.value !== undefined && payload.value.length !== undefined;

/** The number of code points of a string: a surrogate pair counts once. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function lengthCheck(
  bound: { maximum: number } | { minimum: number },
  fits: (input: Sizeable) => boolean,
): core.$ZodCheck<Sizeable> {
  const longest = 'maximum' in bound;
  return {
    _zod: {
      def: { check: longest ? 'max_length' : 'min_length', ...bound, when: hasLength },
      onattach: [],
      check(payload: Payload) {
        const input = payload.value;
        if (fits(input)) return;
        payload.issues.push({
          code: longest ? 'too_big' : 'too_small',
          origin: Array.isArray(input) ? 'array' : typeof input === 'string' ? 'string' : 'unknown',
          ...bound,
          inclusive: true,
          input,
          continue: true,
        } as core.$ZodRawIssue);
      },
    },
  } as unknown as core.$ZodCheck<Sizeable>;
}

// A string's UTF-16 length is at least its number of code points and at most twice it, so code
// points are counted only when the UTF-16 length alone cannot decide.

/** At most `maximum` items, or characters of a string. */
export const maxLength = (maximum: number) =>
  lengthCheck(
    { maximum },
    (input) =>
      input.length <= maximum || (typeof input === 'string' && codePoints(input) <= maximum),
  );

/** At least `minimum` items, or characters of a string. */
export const minLength = (minimum: number) =>
  lengthCheck(
    { minimum },
    (input) =>
      input.length >= minimum &&
      (typeof input !== 'string' || input.length >= 2 * minimum || codePoints(input) >= minimum),
  );
