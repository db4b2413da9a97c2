import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { SignedInUser } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { auth } from '../testing/fake-auth';
import { renderRoute } from '../testing/render-route';
import * as loginRoute from './login.route';

const editor: SignedInUser = { id: 'u1', email: 'redacao@example.com', name: 'Redação' };

// supabase-js as the sign-in page sees it (testing/fake-auth.ts).
vi.mock('../../../services/auth', async () => ({ ...(await import('../testing/fake-auth')), signIn: vi.fn() }));
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));

beforeEach(() => {
  auth.user = null;
});

describe('the sign-in route', () => {
  it('sends a signed-in user straight on, to the page first asked for (docs/product.md §2)', async () => {
    auth.user = editor;
    renderRoute(loginRoute, { pattern: paths.admin.login.pattern, path: '/admin/login?redirectTo=%2Fadmin%2Fjobs' });
    expect(await screen.findByText('outra página: /admin/jobs')).toBeInTheDocument();
  });

  it('shows the form without a session, and moves on when a sign-in happens in another tab', async () => {
    renderRoute(loginRoute, { pattern: paths.admin.login.pattern });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    // The page listens from its effect, which React may run a moment after the form shows.
    await waitFor(() => expect(auth.listener).toBeDefined());
    act(() => auth.change(editor));
    expect(await screen.findByText('outra página: /admin')).toBeInTheDocument();
  });
});
