import { run } from './run';

interface Node {
  path?: string;
  dependencies?: Record<string, Node>;
}

/**
 * Where the project's installed tree has `name`, by npm's own account (`npm ls --all`): one path
 * when every package that asks for it shares one copy.
 */
export function installedCopies(dir: string, name: string): string[] {
  const args = ['ls', name, '--all', '--json', '--long', '--prefix', dir];
  const tree = JSON.parse(run('npm', args, dir).stdout) as Node;
  const paths = new Set<string>();
  const visit = (node: Node) => {
    for (const [dependency, child] of Object.entries(node.dependencies ?? {})) {
      if (dependency === name && child.path) paths.add(child.path);
      visit(child);
    }
  };
  visit(tree);
  return [...paths].sort();
}
