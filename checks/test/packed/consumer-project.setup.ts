import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createConsumerProject } from '../../src/consumer-project';

declare module 'vitest' {
  export interface ProvidedContext {
    consumerDir: string;
  }
}

/**
 * Packing and installing take minutes on a busy machine: done once, before the tests, where no
 * hook time limit applies; the tests then only read the project.
 */
export default function setup(project: TestProject): () => void {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'clientkit-consumer-')));
  try {
    createConsumerProject(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('consumerDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
