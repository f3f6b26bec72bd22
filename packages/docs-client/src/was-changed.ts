/** Turns the interface's "205 changed / 204 nothing to do" answers into true / false. */
export const wasChanged = (_data: unknown, response: Response): boolean => response.status === 205;
