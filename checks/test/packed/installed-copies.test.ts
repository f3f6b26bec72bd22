import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { installedCopies } from '../../src/installed-copies';

const dir = inject('consumerDir');

describe('dependencies of the packed packages, installed with npm beside the application', () => {
  it('installs exactly one zod: the application and every package share it', () => {
    expect(installedCopies(dir, 'zod')).toEqual([join(dir, 'node_modules', 'zod')]);
  });

  it('installs exactly one ky', () => {
    expect(installedCopies(dir, 'ky')).toHaveLength(1);
  });
});
