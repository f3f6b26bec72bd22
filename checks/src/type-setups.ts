/** How an application's TypeScript may be set up to read the packages' type files. */
export interface TypeSetup {
  name: string;
  entry: 'consumer.ts' | 'consumer.cts';
  module: 'node16' | 'preserve';
  moduleResolution: 'node16' | 'bundler';
}

export const typeSetups: TypeSetup[] = [
  { name: 'node16, ES module', entry: 'consumer.ts', module: 'node16', moduleResolution: 'node16' },
  { name: 'node16, CommonJS', entry: 'consumer.cts', module: 'node16', moduleResolution: 'node16' },
  { name: 'bundler', entry: 'consumer.ts', module: 'preserve', moduleResolution: 'bundler' },
];

export function tsconfigFileOf(setup: TypeSetup): string {
  return `tsconfig.${setup.module}-${setup.entry.replace('.', '-')}.json`;
}

/** The strictest reading: strict mode, and every declaration file checked, the packages' included. */
export function tsconfigOf(setup: TypeSetup): object {
  return {
    compilerOptions: {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'es2022',
      module: setup.module,
      moduleResolution: setup.moduleResolution,
    },
    files: [setup.entry],
  };
}
