import { describe, expect, it } from 'vitest';
import { appliedPreferences, parsePrefer, wantsSingular, type Preferences } from './parse-headers.ts';

describe('parsePrefer', () => {
  const cases: [string | undefined, Preferences][] = [
    [undefined, {}],
    ['', {}],
    ['return=representation', { return: 'representation' }],
    ['count=exact, return=representation', { count: 'exact', return: 'representation' }],
    ['resolution=merge-duplicates', { resolution: 'merge-duplicates' }],
    ['return=minimal,missing=default', { return: 'minimal', missing: 'default' }],
    ['resolution=ignore-duplicates, tx=rollback', { resolution: 'ignore-duplicates', tx: 'rollback' }],
    ['return=everything, count=sometimes, handling=strict', {}],
    ['params=single-object', {}],
  ];
  it.each(cases)('%s', (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });
});

describe('appliedPreferences', () => {
  it('echoes what was honoured, in a stable order', () => {
    expect(appliedPreferences({ return: 'representation', count: 'exact' })).toBe('return=representation, count=exact');
    expect(appliedPreferences({})).toBeUndefined();
  });
});

describe('wantsSingular', () => {
  const cases: [string | undefined, boolean][] = [
    [undefined, false],
    ['application/json', false],
    ['*/*', false],
    ['application/vnd.pgrst.object+json', true],
    ['application/vnd.pgrst.object+json; nulls=stripped', true],
    ['text/html, application/vnd.pgrst.object+json', true],
    ['Application/Vnd.Pgrst.Object+JSON', true],
  ];
  it.each(cases)('%s → %s', (accept, expected) => {
    expect(wantsSingular(accept)).toBe(expected);
  });
});
