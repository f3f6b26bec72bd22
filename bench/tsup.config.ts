import { packageBuildConfig } from '../tsup.shared.ts';

// The official SDKs (devDependencies) stay external, as our packages are, so that the bench loads
// each one as its users do rather than a copy bundled into run.js; esbuild (which bundles the
// shipping section's programs) runs its own binary, so it is loaded from node_modules too.
export default packageBuildConfig(
  {
    run: 'src/run.ts',
    soak: 'src/soak.ts',
    'fault-soak': 'src/fault-soak-main.ts',
    'fleet-process': 'src/fleet-process.ts',
  },
  {
    format: ['esm'],
    dts: false,
    external: ['@gitbook/api', 'auth0', 'postmark', 'stripe', 'ky', 'esbuild'],
  },
);
