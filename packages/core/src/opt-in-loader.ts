/**
 * The module of what most programs never use (opt-in.ts), loaded once, with the first use of any
 * of it, the same way in every build.
 */
let loading: Promise<typeof import('./opt-in')> | undefined;

export const optIn = () => (loading ??= import('./opt-in'));
