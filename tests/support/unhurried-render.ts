/**
 * The render limit (EdgeHost.renderTimeoutMs) for tests that check a page's whole content: longer than any test may
 * take, so a busy machine never turns a section into its skeleton. The limit itself is tested with a short one.
 */
export const UNHURRIED_RENDER_MS = 600_000;
