import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { JobPage } from '../../../services/job-board';
import { buildJob, buildJobNotice } from '../../../../tests/support/row-factories';
import { renderInRouter } from '../testing/render-in-router';
import { AllJobsLink } from '../home/community-section';
import { Component as JobRoute } from './job.route';
import { JobView } from './job-page';
import { JobsPage } from './jobs-page';

const noPage = () => Promise.reject(new Error('not expected'));

describe('JobsPage (/vagas)', () => {
  it('lists the open jobs, each opening its own page, and adds older ones with Carregar mais', async () => {
    const user = userEvent.setup();
    const first = buildJob({ id: 'a1', title: 'Auxiliar de produção', company: 'Cerâmica Alfa', expires_at: '2026-12-10' });
    const older = buildJob({ id: 'b2', title: 'Designer cerâmico', contract_type: 'PJ' });
    const next = { at: first.created_at, id: first.id };
    const loadPage = vi.fn(() => Promise.resolve<JobPage>({ items: [older], next: null }));
    renderInRouter(<JobsPage jobs={Promise.resolve({ items: [first], next })} loadPage={loadPage} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Vagas de Emprego' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Auxiliar de produção' });
    expect(link).toHaveAttribute('href', '/vagas/a1/auxiliar-de-producao');
    expect(link.closest('article')).toHaveTextContent('Inscrições até 10/12/2026');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Designer cerâmico' })).toHaveAttribute('href', '/vagas/b2/designer-ceramico');
    expect(loadPage).toHaveBeenCalledWith(next);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says when no job is open', async () => {
    renderInRouter(<JobsPage jobs={Promise.resolve({ items: [], next: null })} loadPage={noPage} />);
    expect(await screen.findByText('Nenhuma vaga aberta no momento.')).toBeInTheDocument();
  });
});

describe('a job’s page', () => {
  const job = buildJobNotice({
    id: 'c3',
    title: 'Técnico de manutenção',
    company: 'Cerâmica Beta',
    location: 'Distrito Industrial',
    expires_at: '2026-12-01',
    description: 'Experiência com fornos.\n\nCurrículos para rh@beta.com.br ou https://beta.com.br/vagas. Nada de javascript:alert(1).',
  });

  it('shows the job, its description with safe links, how to apply and the share buttons', () => {
    renderInRouter(<JobView job={job} shareUrl="https://example.com/vagas/c3/tecnico-de-manutencao" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Técnico de manutenção' })).toBeInTheDocument();
    expect(screen.getByText('Cerâmica Beta', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Inscrições até:').nextElementSibling).toHaveTextContent('01/12/2026');
    expect(screen.getByRole('link', { name: /rh@beta\.com\.br/ })).toHaveAttribute('href', 'mailto:rh@beta.com.br');
    const site = screen.getByRole('link', { name: /https:\/\/beta\.com\.br\/vagas/ });
    expect(site).toHaveAttribute('href', 'https://beta.com.br/vagas');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Como se candidatar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute('href', expect.stringContaining('wa.me'));
    expect(screen.getByRole('link', { name: 'Todas as vagas' })).toHaveAttribute('href', '/vagas');
  });

  /** The 'Como se candidatar' box: the section its heading names. */
  function howToApplySection() {
    return screen.getByRole('heading', { name: 'Como se candidatar' }).closest('section')!;
  }

  it('shows how to apply as typed, line breaks kept, with safe links only', () => {
    const howToApply =
      'Envie o currículo para vagas@beta.com.br\nou cadastre-se em https://beta.com.br/trabalhe.\nTelefone: (19) 3589-0000\n\nNão use javascript:alert(1) nem data:text/html,x';
    renderInRouter(<JobView job={{ ...job, how_to_apply: howToApply }} shareUrl="https://example.com/vagas/c3/tecnico-de-manutencao" />);
    const section = within(howToApplySection());
    const mail = section.getByRole('link', { name: /vagas@beta\.com\.br/ });
    expect(mail).toHaveAttribute('href', 'mailto:vagas@beta.com.br');
    const site = section.getByRole('link', { name: /https:\/\/beta\.com\.br\/trabalhe/ });
    expect(site).toHaveAttribute('href', 'https://beta.com.br/trabalhe');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(section.getAllByRole('link')).toHaveLength(2);
    expect(section.getByText(/Telefone: \(19\) 3589-0000/)).toBeInTheDocument();
    expect(section.getByText(/javascript:alert\(1\)/)).not.toHaveAttribute('href');
    // The line breaks stay: the paragraph keeps them and its styles show them (whitespace-pre-line).
    const first = section.getByText(/Envie o currículo/, { selector: 'p' });
    expect(first.textContent).toContain('\nTelefone:');
    expect(first.closest('.whitespace-pre-line')).not.toBeNull();
    expect(section.queryByText(/Siga as orientações/)).not.toBeInTheDocument();
  });

  it('without how to apply (none, or only spaces), keeps the generic guidance', () => {
    for (const howToApply of [null, '  \n ']) {
      const { unmount } = renderInRouter(<JobView job={{ ...job, how_to_apply: howToApply }} shareUrl="https://example.com/vagas/c3/x" />);
      const section = howToApplySection();
      expect(section).toHaveTextContent('Siga as orientações da descrição acima ou procure diretamente a empresa Cerâmica Beta, em Distrito Industrial.');
      expect(within(section).queryByRole('link')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('an unknown, closed or expired job is “Vaga não encontrada”, with the way back to the list', async () => {
    const router = createMemoryRouter([{ path: '/vagas/:id', loader: () => ({ job: Promise.resolve(null) }), Component: JobRoute, HydrateFallback: () => null }], {
      initialEntries: ['/vagas/nao-existe'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vaga não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas as vagas' })).toHaveAttribute('href', '/vagas');
  });
});

describe('Ver todas as vagas on the home page', () => {
  it('goes to /vagas unless an external jobs site is configured', () => {
    const { unmount } = renderInRouter(<AllJobsLink externalUrl={null} />);
    expect(screen.getByRole('link', { name: 'Ver todas as vagas' })).toHaveAttribute('href', '/vagas');
    unmount();
    renderInRouter(<AllJobsLink externalUrl="https://empregos.example/porto-ferreira" />);
    const external = screen.getByRole('link', { name: /Ver todas as vagas/ });
    expect(external).toHaveAttribute('href', 'https://empregos.example/porto-ferreira');
    expect(within(external).getByText('(abre em nova aba)')).toBeInTheDocument();
  });
});
