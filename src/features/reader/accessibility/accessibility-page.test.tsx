import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../../config/site';
import { renderInRouter } from '../testing/render-in-router';
import { AccessibilityPage } from './accessibility-page';

describe('AccessibilityPage', () => {
  it('names the standard, the known limits and where to report a barrier', () => {
    renderInRouter(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Acessibilidade' })).toBeInTheDocument();
    expect(screen.getByText(/WCAG\) 2\.2, nível AA/)).toBeInTheDocument();
    for (const title of ['O padrão que seguimos', 'O que o site oferece', 'Limites conhecidos', 'Encontrou uma barreira?']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    const report = within(screen.getByRole('region', { name: 'Encontrou uma barreira?' }));
    const mail = report.getByRole('link', { name: site.contact.email });
    expect(mail).toHaveAttribute('href', `mailto:${site.contact.email}?subject=Barreira%20de%20acessibilidade`);
    expect(document.title).toBe(`Acessibilidade | ${site.name}`);
  });
});
