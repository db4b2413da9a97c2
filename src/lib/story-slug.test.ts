import { describe, expect, it } from 'vitest';
import { STORY_SLUG_MAX_LENGTH, storySlug } from './story-slug';

describe('storySlug', () => {
  it('drops accents and lower-cases the title', () => {
    expect(storySlug('Rio Mogi-Guaçu sobe quase dois metros')).toBe('rio-mogi-guacu-sobe-quase-dois-metros');
    expect(storySlug('Educação: São João, Ação e Saúde')).toBe('educacao-sao-joao-acao-e-saude');
  });

  it('turns punctuation and spacing into single hyphens, none at either end', () => {
    expect(storySlug('  "Feira" de Cerâmica — 46 ateliês!?  ')).toBe('feira-de-ceramica-46-atelies');
    expect(storySlug('R$ 50 milhões: indústria... chega/ao (interior)')).toBe('r-50-milhoes-industria-chega-ao-interior');
  });

  it('cuts a long title at a word boundary, within the limit', () => {
    const slug = storySlug(
      'Prefeitura de Porto Ferreira anuncia recapeamento de doze ruas no Jardim Quixabeira e no centro histórico da cidade',
    );
    expect(STORY_SLUG_MAX_LENGTH).toBe(80);
    // 'quixabeira' would end past 80 characters: the slug stops at the word before it, with no trailing hyphen.
    expect(slug).toBe('prefeitura-de-porto-ferreira-anuncia-recapeamento-de-doze-ruas-no-jardim');
  });

  it('keeps a word ending exactly at the limit, and cuts a single overlong word at the limit', () => {
    const a = 'a'.repeat(39);
    expect(storySlug(`${a} ${'b'.repeat(40)}`)).toBe(`${a}-${'b'.repeat(40)}`);
    expect(storySlug(`${a} ${'b'.repeat(40)} c`)).toBe(`${a}-${'b'.repeat(40)}`);
    expect(storySlug(`${a} ${'b'.repeat(41)}`)).toBe(a);
    expect(storySlug('z'.repeat(100))).toBe('z'.repeat(80));
  });

  it('gives nothing for an empty title or one without letters or digits', () => {
    expect(storySlug('')).toBe('');
    expect(storySlug('   ')).toBe('');
    expect(storySlug('?!… —')).toBe('');
  });
});
