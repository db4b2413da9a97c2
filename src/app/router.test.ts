import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { routes } from './router';

type Entry = ((...args: string[]) => string) & { pattern: string };

function entries(registry: object, prefix = ''): [string, Entry][] {
  return Object.entries(registry).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'function' ? [[`${prefix}${name}`, value as Entry]] : entries(value as object, `${prefix}${name}.`),
  );
}

describe('the URL registry', () => {
  it.each(entries(paths))('%s: its href is routed to the route built from its own pattern', (_name, entry) => {
    const href = entry('some-id');
    const matched = matchRoutes(routes, href) ?? [];
    // An index route has no path of its own: it answers for its nearest ancestor's.
    const nearestPath = matched.map((match) => match.route.path).filter(Boolean).at(-1);
    expect(matched.at(-1)?.route.path ?? nearestPath).toBe(entry.pattern);
  });
});
