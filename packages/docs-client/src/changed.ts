/** Whether a 205/204 answer changed something: 205 did, 204 found nothing to do. */
export function changed(_: unknown, response: Response): boolean {
  return response.status === 205;
}
