/**
 * Waits for `work` and fails with a message naming the condition that never became true when it
 * has not settled within `limitMs`. Tests on a busy machine can then say what they were waiting
 * for, where a test timeout only says that time ran out. The limit is a ceiling, never a sleep:
 * the wait ends as soon as the work does.
 */
export async function within<T>(limitMs: number, condition: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ceiling = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${condition}: not true within ${limitMs / 1000} s`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([work, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}
