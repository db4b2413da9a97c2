import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { areaOfPath, mayUse } from '../auth/permissions';
import { renderRoute } from '../testing/render-route';
import * as audienceRoute from './audience.route';

// 'Audiência' on the local backend, through its loader, its services and the database (docs/decisions/0053): a
// newsroom with no visit yet, the period switch, and who may open it. The figures with data are
// audience-view.test.tsx's and tests/services/audience.test.ts's.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
routeTestBackend();

describe("the 'Audiência' screen", () => {
  it('opens on the last 7 days, with every section saying there is nothing yet', async () => {
    renderRoute(audienceRoute, { pattern: paths.admin.audience.pattern });
    expect(await screen.findByRole('heading', { name: 'Audiência', level: 1 })).toBeInTheDocument();
    const periods = screen.getByRole('navigation', { name: 'Período' });
    expect(within(periods).getByRole('link', { name: 'Últimos 7 dias' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Lendo agora (últimos 5 minutos)')).toBeInTheDocument();
    expect(screen.getByText('leitores')).toBeInTheDocument();
    for (const title of ['Matérias mais lidas', 'Tópicos', 'Autores', 'De onde vieram os leitores', 'Newsletter', 'Velocidade para os leitores (Web Vitals)']) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText('Nenhuma medição de velocidade neste período.')).toBeInTheDocument();
  });

  it('switches to today and to 30 days through the address', async () => {
    const router = renderRoute(audienceRoute, { pattern: paths.admin.audience.pattern });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Últimos 30 dias' }));
    expect(await screen.findByText('Últimos 30 dias', { selector: 'strong' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?periodo=30');
    await user.click(screen.getByRole('link', { name: 'Hoje' }));
    expect(await screen.findByText('Hoje', { selector: 'strong' })).toBeInTheDocument();
  });

  it('takes any other period in the address as 7 days', () => {
    expect(audienceRoute.periodOf(new URL('https://x.test/admin/audiencia?periodo=365'))).toBe(7);
    expect(audienceRoute.periodOf(new URL('https://x.test/admin/audiencia?periodo=1'))).toBe(1);
  });

  it('is for Administradores and Editores: a Repórter is not offered it and its loader refuses', () => {
    const area = areaOfPath(paths.admin.audience());
    expect([mayUse('admin', area), mayUse('editor', area), mayUse('reporter', area)]).toEqual([true, true, false]);
  });
});
