import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { StaffRole } from '../auth/permissions';
import { AdminSidebar } from './admin-sidebar';
import { PendingApprovalNotice } from './pending-approval-notice';

function renderAt(path: string, role: StaffRole = 'admin') {
  const onSignOut = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminSidebar userName="Redação" role={role} onSignOut={onSignOut} />
    </MemoryRouter>,
  );
  return { onSignOut };
}

describe('AdminSidebar', () => {
  it('lists the sections in order and marks the active one', () => {
    renderAt('/admin/publications/new');
    const nav = screen.getByRole('navigation', { name: 'Painel administrativo' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual([
      'Dashboard', 'Publicações', 'Revisão', 'Tópicos', 'Obituários', 'Vagas', 'Sugestões de pauta', 'Apoios', 'Mídia Kit', 'Anúncios', 'Audiência', 'Newsletter', 'Usuários',
      'Auditoria', 'Direitos dos titulares', 'Configurações', 'Sistema', 'Minha conta',
    ]);
    expect(screen.getByRole('link', { name: 'Publicações' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['editor', 'Editor', ['Dashboard', 'Publicações', 'Revisão', 'Tópicos', 'Obituários', 'Vagas', 'Sugestões de pauta', 'Apoios', 'Mídia Kit', 'Anúncios', 'Audiência', 'Minha conta']],
    ['reporter', 'Repórter', ['Dashboard', 'Publicações', 'Minha conta']],
  ] as const)('offers an %s only what the role may use, and names the role', (role, label, items) => {
    renderAt('/admin', role);
    const nav = screen.getByRole('navigation', { name: 'Painel administrativo' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(items);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('marks Dashboard only on /admin itself', () => {
    renderAt('/admin');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it("signs out with 'Sair'", async () => {
    const { onSignOut } = renderAt('/admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('folds behind a menu button on phones', async () => {
    renderAt('/admin');
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    // The navigation is what the button controls.
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(screen.getByRole('navigation'));
  });
});

describe('PendingApprovalNotice', () => {
  it("says the account waits for approval, and offers 'Sair' and a new check", async () => {
    const onSignOut = vi.fn();
    const onCheckAgain = vi.fn();
    render(
      <MemoryRouter>
        <PendingApprovalNotice email="novo@example.com" onSignOut={onSignOut} onCheckAgain={onCheckAgain} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Conta aguardando aprovação' })).toBeInTheDocument();
    expect(screen.getByText(/novo@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar novamente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onCheckAgain).toHaveBeenCalled();
    expect(onSignOut).toHaveBeenCalled();
    // Its own data stays within reach while it waits (LGPD art. 18).
    expect(screen.getByRole('link', { name: /Minha conta/ })).toHaveAttribute('href', '/admin/conta');
  });
});
