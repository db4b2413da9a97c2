import { describe, expect, it } from 'vitest';
import { correctionsHtml } from './readable-body';

// The story's 'Correções' section (docs/decisions/0038), made with the body so the page's first load has no code for it.

describe('correctionsHtml', () => {
  it('is empty without corrections', () => {
    expect(correctionsHtml([])).toBe('');
  });

  it('lists them oldest first with their São Paulo day, every text escaped', () => {
    const html = correctionsHtml([
      { id: 'b', corrected_at: '2026-11-22T02:30:00Z', wrong: 'Dizia <script>alert(1)</script>', correct: 'É "abril" & maio' },
      { id: 'a', corrected_at: '2026-11-20T15:00:00Z', wrong: 'Primeiro erro', correct: 'Primeiro acerto' },
    ]);
    expect(html).toContain('<h2 id="correcoes-titulo" class="text-lg font-bold text-slate-900">Correções</h2>');
    expect(html.indexOf('Primeiro erro')).toBeLessThan(html.indexOf('Dizia'));
    // 02:30 UTC on the 22nd is still the 21st in São Paulo.
    expect(html).toContain('<time datetime="2026-11-22T02:30:00Z">21/11/2026</time>');
    expect(html).toContain('Dizia &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('É &quot;abril&quot; &amp; maio');
    expect(html).not.toContain('<script>');
  });
});
