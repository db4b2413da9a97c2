import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQuery } from './parse-query.ts';
import {
  cappedLimit,
  checkQueryShape,
  checkQueryStringLength,
  MAX_FILTER_CONDITIONS,
  MAX_QUERY_STRING_LENGTH,
  MAX_ROWS,
  MAX_SELECT_ITEMS,
} from './request-bounds.ts';

function refusal(fn: () => void): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const shapeOf = (query: string) => () => checkQueryShape(parseQuery(new URLSearchParams(query)));

describe('cappedLimit (db-max-rows)', () => {
  it.each([
    [undefined, MAX_ROWS],
    [12, 12],
    [MAX_ROWS, MAX_ROWS],
    [MAX_ROWS + 1, MAX_ROWS],
    [1e12, MAX_ROWS],
  ])('limit %s → %i', (limit, expected) => {
    expect(cappedLimit(limit)).toBe(expected);
  });
});

describe('checkQueryStringLength', () => {
  it('accepts a query string up to the bound, with or without its "?"', () => {
    expect(() => checkQueryStringLength(`?${'a'.repeat(MAX_QUERY_STRING_LENGTH)}`)).not.toThrow();
    expect(() => checkQueryStringLength('a'.repeat(MAX_QUERY_STRING_LENGTH))).not.toThrow();
  });

  it('refuses a longer one with 414 and PostgREST’s error body', () => {
    const error = refusal(() => checkQueryStringLength(`?${'a'.repeat(MAX_QUERY_STRING_LENGTH + 1)}`));
    expect(error.status).toBe(414);
    expect(error.body).toEqual({
      code: 'PGRST100',
      message: 'The query string is too long',
      details: `The query string has ${MAX_QUERY_STRING_LENGTH + 1} characters; at most ${MAX_QUERY_STRING_LENGTH} are accepted.`,
      hint: null,
    });
  });
});

describe('checkQueryShape', () => {
  it('accepts what the app sends', () => {
    expect(
      shapeOf(
        'select=id,title,description,content,image_url,published_at,views,author_id,topics(id,name,slug)&published=eq.true&or=(title.ilike.*foo*,description.ilike.*foo*)&order=published_at.desc&offset=0&limit=12',
      ),
    ).not.toThrow();
  });

  it('accepts three levels of embedding and refuses four', () => {
    expect(shapeOf('select=*,a(*,b(*,c(*)))')).not.toThrow();
    const error = refusal(shapeOf('select=*,a(*,b(*,c(*,d(*))))'));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ code: 'PGRST100', message: 'The select parameter embeds too deeply' });
  });

  it('refuses a select list naming too many columns', () => {
    const columns = Array.from({ length: MAX_SELECT_ITEMS + 1 }, (_, i) => `c${i}`).join(',');
    expect(refusal(shapeOf(`select=${columns}`)).body.message).toBe('The select parameter names too many columns');
  });

  it('counts every filter, in.() item and logic-tree condition against one bound', () => {
    const ids = Array.from({ length: MAX_FILTER_CONDITIONS - 1 }, (_, i) => i).join(',');
    expect(shapeOf(`id=in.(${ids})&title=eq.x`)).not.toThrow();
    expect(refusal(shapeOf(`id=in.(${ids})&title=eq.x&or=(a.eq.1)`)).body.message).toBe('The request has too many filters');
  });

  it('refuses and/or groups nested more than four deep', () => {
    expect(shapeOf('or=(a.eq.1,and(b.eq.1,or(c.eq.1,and(d.eq.1,e.eq.1))))')).not.toThrow();
    expect(refusal(shapeOf('or=(a.eq.1,and(b.eq.1,or(c.eq.1,and(d.eq.1,or(e.eq.1,f.eq.1)))))')).body.message).toBe(
      'The filters nest too deeply',
    );
  });

  it('refuses more than ten order terms', () => {
    const terms = Array.from({ length: 11 }, (_, i) => `c${i}.asc`).join(',');
    expect(refusal(shapeOf(`order=${terms}`)).body.message).toBe('The order parameter has too many terms');
  });
});
