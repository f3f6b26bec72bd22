import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createConsumerProject } from '../../src/consumer-project';
import { packAll } from '../../src/pack';
import { publishedPackages } from '../../src/published-packages';

declare module 'vitest' {
  export interface ProvidedContext {
    consumerDir: string;
    /** Each published package's tarball, by name. */
    tarballs: Record<string, string>;
  }
}

/**
 * Packing and installing take minutes on a busy machine: done once, before the tests, where no
 * hook time limit applies; the tests then only read the project. The tarballs lie where the
 * package READMEs' install recipes find them, in `clientkit/packs` beside the application.
 */
export default function setup(project: TestProject): () => void {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'clientkit-packed-')));
  const consumerDir = join(dir, 'consumer');
  let tarballs: Map<string, string>;
  try {
    tarballs = packAll(publishedPackages(), join(dir, 'clientkit', 'packs'));
    createConsumerProject(consumerDir, tarballs);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('consumerDir', consumerDir);
  project.provide('tarballs', Object.fromEntries(tarballs));
  return () => rmSync(dir, { recursive: true, force: true });
}
