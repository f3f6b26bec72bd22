/** Characters a POSIX shell takes literally in an unquoted word. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/** A value as one shell word: as it is when nothing in it is special, else single-quoted. */
export function shellWord(value: string): string {
  return PLAIN_WORD.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export NAME=value` for each variable, for sh, bash and zsh to run as printed. */
export function exportLines(variables: Record<string, string>): string[] {
  return Object.entries(variables).map(([name, value]) => `export ${name}=${shellWord(value)}`);
}
