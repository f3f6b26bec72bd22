/** How an application's TypeScript may be set up to read the packages' type files. */
export interface TypeSetup {
  name: string;
  entry: 'consumer.ts' | 'consumer.cts' | 'browser.ts';
  module: 'node16' | 'preserve';
  moduleResolution: 'node16' | 'bundler';
  /**
   * A web page's program: the DOM and ES2022 libs and no Node types, importing the entries that run
   * in a browser (every one but the reference server's, the Redis coordination's and the mail
   * receiver's Node adapter).
   */
  browser?: true;
}

export const typeSetups: TypeSetup[] = [
  { name: 'node16, ES module', entry: 'consumer.ts', module: 'node16', moduleResolution: 'node16' },
  { name: 'node16, CommonJS', entry: 'consumer.cts', module: 'node16', moduleResolution: 'node16' },
  { name: 'bundler', entry: 'consumer.ts', module: 'preserve', moduleResolution: 'bundler' },
  {
    name: 'bundler, a web page without Node types',
    entry: 'browser.ts',
    module: 'preserve',
    moduleResolution: 'bundler',
    browser: true,
  },
];

/** Whether a web page can import this entry point: the Node-only ones are left out. */
export function runsInBrowsers(specifier: string): boolean {
  return (
    !specifier.startsWith('@clientkit/reference-server') &&
    specifier !== '@clientkit/redis' &&
    !specifier.endsWith('/node')
  );
}

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
      ...(setup.browser ? { lib: ['es2022', 'dom', 'dom.iterable'], types: [] } : {}),
    },
    files: [setup.entry],
  };
}
