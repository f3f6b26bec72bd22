/**
 * How an application's TypeScript may be set up to read the packages' type files: the compiler
 * options the packed packages are checked under, and that every package README states (the README
 * tests compare their tables with `typeSetupsTable()`).
 */
export interface TypeSetup {
  /** What the application is, as the README's table names it. */
  name: string;
  entry: 'consumer.ts' | 'consumer.cts' | 'browser.ts';
  /** The options that differ between setups; an option left out is TypeScript's default. */
  compilerOptions: {
    module: 'node16' | 'nodenext' | 'preserve';
    moduleResolution: 'node16' | 'nodenext' | 'bundler';
    target?: 'es2022';
    lib?: string[];
    types: string[];
  };
}

/** The strictest reading, in every setup: strict mode, and every declaration file checked. */
export const sharedCompilerOptions = { strict: true, skipLibCheck: false };

const nodeTypes = ['node'];

/**
 * The Node setups leave `target` to TypeScript, which derives it from `module` (es2022 for node16,
 * esnext for nodenext); with bundler resolution it must be set, see `setupWithoutTarget`. The web
 * page has the DOM and ES2022 libs and no Node types, and imports the entries that run in a
 * browser (every one but the reference server's, the Redis coordination's and the mail receiver's
 * Node adapter).
 */
export const typeSetups: TypeSetup[] = [
  {
    name: 'Node, ES module',
    entry: 'consumer.ts',
    compilerOptions: { module: 'node16', moduleResolution: 'node16', types: nodeTypes },
  },
  {
    name: 'Node, CommonJS module (`.cts`)',
    entry: 'consumer.cts',
    compilerOptions: { module: 'node16', moduleResolution: 'node16', types: nodeTypes },
  },
  {
    name: 'Node, ES module',
    entry: 'consumer.ts',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', types: nodeTypes },
  },
  {
    name: 'bundled, for Node',
    entry: 'consumer.ts',
    compilerOptions: {
      module: 'preserve',
      moduleResolution: 'bundler',
      target: 'es2022',
      types: nodeTypes,
    },
  },
  {
    name: 'bundled, for a web page',
    entry: 'browser.ts',
    compilerOptions: {
      module: 'preserve',
      moduleResolution: 'bundler',
      target: 'es2022',
      lib: ['es2022', 'dom', 'dom.iterable'],
      types: [],
    },
  },
];

/**
 * Bundler resolution without `target`: TypeScript 5 then targets ES5, which has no private class
 * fields, and reports TS18028 at each `#private` of the type files. The READMEs require `target`;
 * the consumer test checks that this is the only error such a setup gets.
 */
export const setupWithoutTarget: TypeSetup = {
  name: 'bundled, without target',
  entry: 'consumer.ts',
  compilerOptions: { module: 'preserve', moduleResolution: 'bundler', types: nodeTypes },
};

/** Whether a web page can import this entry point: the Node-only ones are left out. */
export function runsInBrowsers(specifier: string): boolean {
  if (specifier === '@clientkit/reference-server/development-options') return true;
  return (
    !specifier.startsWith('@clientkit/reference-server') &&
    specifier !== '@clientkit/redis' &&
    !specifier.endsWith('/node')
  );
}

/** One file per setup: `tsconfig.node16-default-target-consumer-cts.json`. */
export function tsconfigFileOf({ entry, compilerOptions: o }: TypeSetup): string {
  return `tsconfig.${o.module}-${o.target ?? 'default-target'}-${entry.replace('.', '-')}.json`;
}

export function tsconfigOf(setup: TypeSetup): object {
  return {
    compilerOptions: { ...sharedCompilerOptions, noEmit: true, ...setup.compilerOptions },
    files: [setup.entry],
  };
}

/**
 * The table every package README's TypeScript section holds, word for word: a row per setup the
 * packed type files are compiled under, the options every row shares below it.
 */
export function typeSetupsTable(): string {
  const code = (value: unknown) =>
    value === undefined ? '—' : `\`${JSON.stringify(value).replaceAll('","', '", "')}\``;
  const head = '| your project | `module` | `moduleResolution` | `target` | `lib` | `types` |';
  const rows = typeSetups.map(({ name, compilerOptions: o }) =>
    [name, o.module, o.moduleResolution, o.target, o.lib, o.types]
      .map((cell, i) => (i === 0 ? cell : code(cell)))
      .join(' | '),
  );
  const shared = Object.entries(sharedCompilerOptions)
    .map(([option, value]) => `\`"${option}": ${JSON.stringify(value)}\``)
    .join(' and ');
  return [
    head,
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Every row also has ${shared}; a dash: the option is not set.`,
  ].join('\n');
}
