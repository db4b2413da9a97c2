import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes web and e-mail addresses links, leaving sentence punctuation outside', () => {
    expect(linkify('Envie para rh@empresa.com.br ou acesse https://empresa.com.br/vagas.')).toEqual([
      { kind: 'text', text: 'Envie para ' },
      { kind: 'link', text: 'rh@empresa.com.br', href: 'mailto:rh@empresa.com.br' },
      { kind: 'text', text: ' ou acesse ' },
      { kind: 'link', text: 'https://empresa.com.br/vagas', href: 'https://empresa.com.br/vagas' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('gives www. addresses https and never links another scheme', () => {
    expect(linkify('www.exemplo.com')).toEqual([{ kind: 'link', text: 'www.exemplo.com', href: 'https://www.exemplo.com/' }]);
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) data:text/html,x' }]);
  });
});
