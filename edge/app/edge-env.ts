import type { SiteContext } from '../../src/render/site-context';
import type { EdgeRequestContext } from '../types';

/** The edge app's Hono environment: the host's per-request context as bindings, the site as a variable. */
export interface EdgeEnv {
  Bindings: EdgeRequestContext;
  Variables: { site: SiteContext };
}
