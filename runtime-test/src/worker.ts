// Bundled by esbuild and run by `workerd test`, which calls the `test` handler once.
import { RESULT_PREFIX, runSmokeTests } from './smoke.ts';

interface Env {
  /** The reference server's origin, bound as text in the workerd config. */
  ORIGIN: string;
}

export default {
  async test(_controller: unknown, env: Env): Promise<void> {
    console.log(RESULT_PREFIX + JSON.stringify(await runSmokeTests(env.ORIGIN)));
  },
};
