import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { InterfaceName } from '../interface';
import { interfaceNames } from './interface-paths';
import type { RecordedExchange } from './recorded-exchange';

/**
 * A recording directory: one file per interface (`docs.json`, `calendar.json`, ...), each a JSON
 * list of `nock.define()` definitions in the order their exchanges ended.
 */

/** The file of one interface's recordings. */
export const recordingFile = (dir: string, name: InterfaceName) => join(dir, `${name}.json`);

/** How much of a file's end is read to find the `]` that closes its list. */
const TAIL_BYTES = 4096;

/** Appends recordings to a directory's files, one write at a time per file, in the order given. */
export interface RecordingWriter {
  /** The directory, as an absolute path. */
  readonly dir: string;
  append(name: InterfaceName, exchange: RecordedExchange): Promise<void>;
  /** Resolves once every append asked for so far is on disk. */
  settled(): Promise<void>;
}

/**
 * A writer into `dir` (created when missing). Files already there are appended to; each must hold a
 * JSON list, as this writer leaves them, or the writer is refused naming the file.
 */
export async function recordingWriter(dir: string): Promise<RecordingWriter> {
  const absolute = resolve(dir);
  await mkdir(absolute, { recursive: true });
  readRecordings(absolute, { allowEmpty: true });
  const queues = new Map<InterfaceName, Promise<void>>();
  return {
    dir: absolute,
    append(name, exchange) {
      const next = (queues.get(name) ?? Promise.resolve()).then(() =>
        appendTo(recordingFile(absolute, name), exchange),
      );
      queues.set(
        name,
        next.catch(() => {}),
      );
      return next;
    },
    async settled() {
      await Promise.all(queues.values());
    },
  };
}

/** One definition as an item of the file's list: indented as `JSON.stringify(list, null, 2)` does. */
function item(exchange: RecordedExchange): string {
  return JSON.stringify(exchange, null, 2).replaceAll('\n', '\n  ');
}

async function appendTo(file: string, exchange: RecordedExchange): Promise<void> {
  // Not in append mode, which would write the new end after the old `]` whatever the position.
  const handle = await open(file, existsSync(file) ? 'r+' : 'w');
  try {
    const { size } = await handle.stat();
    if (size === 0) {
      await handle.write(`[\n  ${item(exchange)}\n]\n`);
      return;
    }
    const { closing, empty } = await endOfList(handle, size, file);
    await handle.truncate(closing);
    await handle.write(`${empty ? '\n' : ',\n'}  ${item(exchange)}\n]\n`, closing);
  } finally {
    await handle.close();
  }
}

/** Where the list's closing `]` is, and whether the list holds nothing yet. */
async function endOfList(
  handle: Awaited<ReturnType<typeof open>>,
  size: number,
  file: string,
): Promise<{ closing: number; empty: boolean }> {
  const length = Math.min(size, TAIL_BYTES);
  const tail = Buffer.alloc(length);
  await handle.read(tail, 0, length, size - length);
  const text = tail.toString('latin1');
  const closing = text.lastIndexOf(']');
  if (closing === -1 || text.slice(closing + 1).trim() !== '') {
    throw new Error(`${file} does not end with the ] of a JSON list of recordings`);
  }
  const before = text.slice(0, closing).trimEnd();
  return { closing: size - length + before.length, empty: before.endsWith('[') };
}

/** The recordings of one interface, as read from its file. */
export interface InterfaceRecordings {
  name: InterfaceName;
  file: string;
  exchanges: RecordedExchange[];
}

/**
 * Every interface file of a recording directory, read and checked: each a JSON list of
 * definitions with a method, a path and a status. Unless `allowEmpty`, a directory without any
 * file is refused, naming the files it should hold.
 */
export function readRecordings(
  dir: string,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): InterfaceRecordings[] {
  const found = interfaceNames
    .map((name) => ({ name, file: recordingFile(dir, name) }))
    .filter(({ file }) => existsSync(file))
    .map(({ name, file }) => ({ name, file, exchanges: exchangesIn(file) }));
  if (found.length === 0 && !allowEmpty) {
    const names = interfaceNames.map((name) => `${name}.json`).join(', ');
    throw new Error(
      `${dir} holds no recordings: expected one of ${names}, as the proxy writes them`,
    );
  }
  return found;
}

function exchangesIn(file: string): RecordedExchange[] {
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(list)) throw new Error(`${file} must hold a JSON list of recordings`);
  for (const [index, entry] of list.entries()) checkEntry(entry, `${file}, recording ${index}`);
  return list as RecordedExchange[];
}

function checkEntry(entry: unknown, where: string): void {
  const { method, path, status, scope } = (entry ?? {}) as Partial<RecordedExchange>;
  if (typeof scope !== 'string') throw new Error(`${where}: scope must be an origin`);
  if (typeof method !== 'string') throw new Error(`${where}: method must be a string`);
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`${where}: path must start with /`);
  }
  if (!Number.isInteger(status)) throw new Error(`${where}: status must be a whole number`);
}
