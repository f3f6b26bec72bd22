import { nowMs } from './stats';

/**
 * Requests per second the server answers with `concurrency` requests in flight for `durationMs`,
 * from keep-alive fetch in this process. On two cores the load generator shares the machine with
 * the server, so the figure is a floor for what the server can do. A request that fails (a pooled
 * socket the server closed while idle, for one) counts as an error rather than ending the run.
 */
export async function requestsPerSecond(
  request: () => Promise<Response>,
  concurrency: number,
  durationMs: number,
): Promise<{ rps: number; errors: number }> {
  const deadline = nowMs() + durationMs;
  let completed = 0;
  let errors = 0;
  const worker = async () => {
    while (nowMs() < deadline) {
      try {
        const response = await request();
        await response.arrayBuffer();
        if (response.ok) completed += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = nowMs();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: (completed / (nowMs() - started)) * 1000, errors };
}
