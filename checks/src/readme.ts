import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './published-packages';

/** A fenced code block of a README: its fence's info string and its lines. */
export interface CodeBlock {
  /** 1-based line of the opening fence. */
  line: number;
  info: string;
  code: string;
}

const SHELL_FENCES = ['sh', 'bash', 'shell', 'console'];

export function readReadme(path: string): string {
  return readFileSync(join(workspaceRoot, path), 'utf8');
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && text === '```');
    if (end < 0) throw new Error(`line ${i + 1}: a code block is never closed`);
    blocks.push({ line: i + 1, info: open[1]!.trim(), code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

export function shellBlocks(markdown: string): CodeBlock[] {
  return codeBlocks(markdown).filter((block) => SHELL_FENCES.includes(block.info));
}

/** The text of the `## heading` section, up to the next `## `; empty when there is none. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/**
 * Each command a shell line runs, as its words: commands split at `&&`, `||`, `;` and `|`, a
 * comment dropped, quotes taken off, leading variable assignments (`FOO=1 cmd`) skipped.
 */
export function commandsOf(line: string): string[][] {
  const withoutComment = line.replace(/(^|\s)#.*$/, '');
  return withoutComment
    .split(/&&|\|\||;|\|/)
    .map((command) => {
      const words = wordsOf(command);
      const first = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word));
      return first < 0 ? [] : words.slice(first);
    })
    .filter((words) => words.length > 0);
}

function wordsOf(command: string): string[] {
  return (command.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((word) =>
    word.replace(/^(['"])(.*)\1$/, '$2'),
  );
}
