import type { Params } from 'react-router';

/**
 * What a route does when its page hydrates the data the server rendered it with (src/render/server-rendered.ts) instead
 * of running its loader in the browser (a route module's `handle`): what its loader does beyond loading, such as
 * counting a story's view or keeping the answer for a revisit.
 */
export interface ServerDataHandle {
  hydratedFromServer?: (args: { params: Params; data: unknown }) => void;
}
