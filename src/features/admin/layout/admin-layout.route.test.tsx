import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import type { SignedInUser } from '../../../services/auth';
import type { Profile } from '../../../services/profiles';
import { paths } from '../../../lib/paths';
import { requireAdmin } from '../auth/admin-access';
import { auth } from '../testing/fake-auth';
import { renderRoute } from '../testing/render-route';
import { AdminRouteError } from '../shared/admin-route-error';
import * as layoutRoute from './admin-layout.route';

const editor: SignedInUser = { id: 'u1', email: 'redacao@example.com', name: 'Redação' };
const profile = (role: Profile['role']): Profile => ({ id: 'u1', name: 'Redação', email: editor.email, role, created_at: '2026-10-01T12:00:00Z' });

// supabase-js as the guard sees it (testing/fake-auth.ts); `auth.change` plays an auth event (a sign-out in another tab).
vi.mock('../../../services/auth', async () => ({
  ...(await import('../testing/fake-auth')),
  // Signing in again (the 'session expired' dialog): the right password brings the same person back.
  signIn: (_client: unknown, email: string, password: string) => {
    if (password !== 'senha-certa') return Promise.reject(new Error('Invalid login credentials'));
    auth.change({ ...editor, email });
    return Promise.resolve(auth.user);
  },
}));
const profiles = vi.hoisted(() => ({ getOwnProfile: vi.fn<(client: unknown, id: string) => Promise<Profile | null>>() }));
vi.mock('../../../services/profiles', () => profiles);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));

/** A screen under the layout whose loader, like every admin screen's, asks the guard first; it has its own error element, as they do. */
const screenData = vi.fn(() => Promise.resolve('os dados da tela'));
async function screenLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return screenData();
}

function renderAdmin(path: string) {
  return renderRoute(layoutRoute, {
    pattern: paths.admin.root.pattern,
    path,
    children: [
      { path: paths.admin.jobs.pattern, loader: screenLoader, element: <h1>Vagas de Emprego</h1>, errorElement: <p>A tela falhou.</p> },
      // A screen with the admin's own error element, as every real one has: it says 'Sem permissão' (decision 0037).
      {
        path: paths.admin.audit.pattern,
        loader: screenLoader,
        element: <h1>Auditoria</h1>,
        errorElement: <AdminRouteError header={<h1>Auditoria</h1>} />,
      },
    ],
  });
}

beforeEach(() => {
  auth.user = editor;
  profiles.getOwnProfile.mockReset().mockResolvedValue(profile('admin'));
  screenData.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('the admin layout route', () => {
  it('sends a visitor without a session to the sign-in page, remembering the page, and asks nothing else', async () => {
    auth.user = null;
    renderAdmin('/admin/jobs?ordem=nome');
    expect(await screen.findByText(`outra página: /admin/login?redirectTo=${encodeURIComponent('/admin/jobs?ordem=nome')}`)).toBeInTheDocument();
    expect(profiles.getOwnProfile).not.toHaveBeenCalled();
    expect(screenData).not.toHaveBeenCalled();
  });

  it("shows an administrator the panel and the screen, with the account's name", async () => {
    renderAdmin('/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'Vagas de Emprego' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Painel administrativo' })).toBeInTheDocument();
    expect(screen.getByText('Redação')).toBeInTheDocument();
    // One profile request for the layout and the screen together.
    expect(profiles.getOwnProfile).toHaveBeenCalledTimes(1);
  });

  it("shows a pending account the notice and no screen; 'Verificar novamente' checks again", async () => {
    profiles.getOwnProfile.mockResolvedValue(profile('pending'));
    renderAdmin('/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'Conta aguardando aprovação' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText('A tela falhou.')).not.toBeInTheDocument();
    expect(screenData).not.toHaveBeenCalled();

    profiles.getOwnProfile.mockResolvedValue(profile('admin'));
    await userEvent.click(screen.getByRole('button', { name: 'Verificar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Vagas de Emprego' })).toBeInTheDocument();
    expect(screenData).toHaveBeenCalledTimes(1);
  });

  it("shows a reporter only its items and 'Sem permissão' on a screen its role may not use, asking for none of its data", async () => {
    profiles.getOwnProfile.mockResolvedValue(profile('reporter'));
    renderAdmin('/admin/auditoria');
    expect(await screen.findByRole('heading', { name: 'Sem permissão' })).toBeInTheDocument();
    expect(screen.getByText(/não tem permissão para usar esta área/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', paths.admin.root());
    expect(screenData).not.toHaveBeenCalled();
    const nav = screen.getByRole('navigation', { name: 'Painel administrativo' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Publicações', 'Minha conta']);
  });

  it("shows an editor 'Sem permissão' on the audit log, an administrator's screen", async () => {
    profiles.getOwnProfile.mockResolvedValue(profile('editor'));
    renderAdmin('/admin/auditoria');
    expect(await screen.findByRole('heading', { name: 'Sem permissão' })).toBeInTheDocument();
    expect(screenData).not.toHaveBeenCalled();
  });

  it('says the account could not be loaded when the profile request fails, and logs it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    profiles.getOwnProfile.mockRejectedValue(new Error('network down'));
    renderAdmin('/admin/jobs');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar sua conta.');
    expect(consoleError).toHaveBeenCalled();
  });

  it('checks an account afresh when it signs in again: revoked meanwhile, it gets the notice, and no screen data', async () => {
    const router = renderAdmin('/admin/jobs');
    await screen.findByRole('heading', { name: 'Vagas de Emprego' });
    // The layout listens from its effects, which may run just after the screen has appeared.
    await waitFor(() => expect(auth.listener).toBeDefined());
    act(() => auth.change(null));
    // Closing the 'session expired' dialog without signing in leaves for the sign-in page.
    await userEvent.click(await screen.findByRole('button', { name: 'Fechar' }));
    await screen.findByText(/^outra página: \/admin\/login/);

    profiles.getOwnProfile.mockResolvedValue(profile('pending'));
    auth.user = editor;
    await act(() => router.navigate('/admin/jobs'));
    expect(await screen.findByRole('heading', { name: 'Conta aguardando aprovação' })).toBeInTheDocument();
    expect(screenData).toHaveBeenCalledTimes(1);
  });

  it('asks to sign in again over the screen when the session ends under it, and the screen stays as it was', async () => {
    renderAdmin('/admin/jobs');
    await screen.findByRole('heading', { name: 'Vagas de Emprego' });
    // The layout listens from its effects, which may run just after the screen has appeared.
    await waitFor(() => expect(auth.listener).toBeDefined());
    act(() => auth.change(null));
    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    expect(screen.getByRole('heading', { name: 'Vagas de Emprego' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(editor.email);
    // The dialog moves focus from its effect, which may run just after the dialog is on screen.
    await waitFor(() => expect(within(dialog).getByLabelText(/senha/i)).toHaveFocus());

    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/senha/i), 'senha-certa');
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Vagas de Emprego' })).toBeInTheDocument();
    // The same person is back: nothing was loaded again.
    expect(profiles.getOwnProfile).toHaveBeenCalledTimes(1);
    expect(screenData).toHaveBeenCalledTimes(1);
  });

  it("signing out from the menu goes to the sign-in page without the 'session expired' dialog", async () => {
    renderAdmin('/admin/jobs');
    await screen.findByRole('heading', { name: 'Vagas de Emprego' });
    // The layout listens from its effects, which may run just after the screen has appeared.
    await waitFor(() => expect(auth.listener).toBeDefined());
    await userEvent.click(screen.getAllByRole('button', { name: 'Sair' })[0]!);
    act(() => auth.change(null));
    expect(await screen.findByText(/^outra página: \/admin\/login/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
