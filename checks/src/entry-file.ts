/**
 * One module importing every given entry point, as an application would. The same text is an ES
 * module in a .ts file of a "type": "module" project and a CommonJS module in a .cts file.
 */
export function entryFile(specifiers: string[]): string {
  const names = specifiers.map(bindingName);
  const imports = specifiers.map((specifier, i) => `import * as ${names[i]} from '${specifier}';`);
  return [
    '// Every public entry point of the packed clientkit packages.',
    ...imports,
    '',
    `export const entryPoints = [${names.join(', ')}];`,
    '',
  ].join('\n');
}

/** `@clientkit/contracts/docs/responses` becomes `contracts_docs_responses`. */
function bindingName(specifier: string): string {
  return specifier.replace(/^@clientkit\//, '').replace(/[^A-Za-z0-9]/g, '_');
}
