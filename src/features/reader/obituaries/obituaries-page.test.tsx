import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildObituary } from '../../../../tests/support/row-factories';
import type { Obituary } from '../../../services/obituaries';
import { NO_FILTER, type ListFilter } from '../components/search-filters';
import { ObituariesPage } from './obituaries-page';
import { renderInRouter } from '../testing/render-in-router';

const noPage = () => Promise.reject(new Error('not expected'));
const page = (items: Obituary[]) => Promise.resolve({ items, next: null });

const maria = buildObituary({
  name: 'Maria Aparecida Souza',
  age: 91,
  death_date: '2026-11-19',
  biography: 'Professora por 35 anos.',
  family: 'Deixa três filhos e sete netos.',
  funeral_location: 'Velório Municipal de Porto Ferreira',
  funeral_time: '19/11, das 9h às 15h',
  photo_url: '/images/seed/obituario-maria-aparecida.webp',
});
const joao = buildObituary({ name: 'João Batista Ferreira', age: 77, death_date: '2026-11-03' });

describe('ObituariesPage', () => {
  it('shows the heading, the subtitle and a loading message', () => {
    renderInRouter(<ObituariesPage obituaries={new Promise(() => undefined)} loadPage={noPage} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Obituário' })).toBeInTheDocument();
    expect(screen.getByText('Homenagens e informações sobre falecimentos em Porto Ferreira')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando obituários...');
  });

  it('shows each entry complete', async () => {
    renderInRouter(<ObituariesPage obituaries={page([maria])} loadPage={noPage} />);
    const entry = (await screen.findByRole('heading', { level: 2, name: 'Maria Aparecida Souza' })).closest('article')!;
    expect(entry).toHaveTextContent('91 anos');
    expect(entry).toHaveTextContent('Falecimento: 19 de novembro de 2026');
    expect(entry).toHaveTextContent('Professora por 35 anos.');
    expect(entry).toHaveTextContent('Deixa três filhos e sete netos.');
    expect(screen.getByRole('heading', { level: 3, name: 'Informações do Velório' })).toBeInTheDocument();
    expect(entry).toHaveTextContent('Local:Velório Municipal de Porto Ferreira');
    expect(entry).toHaveTextContent('Horário:19/11, das 9h às 15h');
    expect(screen.getByRole('img', { name: 'Foto de Maria Aparecida Souza' })).toHaveAttribute('src', maria.photo_url);
    // The name opens the notice's own, shareable page.
    expect(screen.getByRole('link', { name: 'Maria Aparecida Souza' }).getAttribute('href')).toMatch(/^\/obituarios\/.+\/maria-aparecida-souza$/);
  });

  it('filters on the server by name and by death date, debounced, and shows what it answers', async () => {
    const user = userEvent.setup();
    const loadPage = vi.fn((filter: ListFilter) =>
      Promise.resolve({ items: filter.date ? [maria] : filter.search ? [joao] : [], next: null }),
    );
    renderInRouter(<ObituariesPage obituaries={page([maria, joao])} loadPage={loadPage} />);
    await screen.findByText(maria.name);
    const names = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

    await user.type(screen.getByPlaceholderText('Buscar por nome...'), 'joao');
    await waitFor(() => expect(names()).toEqual(['João Batista Ferreira']));
    // One request for the whole word, not one per keystroke.
    expect(loadPage).toHaveBeenCalledOnce();
    expect(loadPage).toHaveBeenCalledWith({ search: 'joao', date: '' }, null);
    await user.clear(screen.getByPlaceholderText('Buscar por nome...'));
    await user.type(screen.getByLabelText('Data do falecimento'), '2026-11-19');
    await waitFor(() => expect(names()).toEqual(['Maria Aparecida Souza']));
    expect(loadPage).toHaveBeenLastCalledWith({ search: '', date: '2026-11-19' }, null);
  });

  it("adds the next page with 'Carregar mais', keeping what is shown", async () => {
    const user = userEvent.setup();
    const cursor = { deathDate: joao.death_date, id: joao.id };
    const loadPage = vi.fn(() => Promise.resolve({ items: [buildObituary({ name: 'Pedro Alves' })], next: null }));
    renderInRouter(<ObituariesPage obituaries={Promise.resolve({ items: [maria, joao], next: cursor })} loadPage={loadPage} />);
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Maria Aparecida Souza',
        'João Batista Ferreira',
        'Pedro Alves',
      ]),
    );
    expect(loadPage).toHaveBeenCalledWith(NO_FILTER, cursor);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows the empty text when there is none', async () => {
    renderInRouter(<ObituariesPage obituaries={page([])} loadPage={noPage} />);
    expect(await screen.findByText('Nenhum obituário encontrado')).toBeInTheDocument();
  });

  it('shows and logs a failed load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    renderInRouter(<ObituariesPage obituaries={failed} loadPage={noPage} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os obituários');
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
  });

  it("asks for the list again with 'Tentar novamente' after a failed load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    const loadPage = vi.fn((_filter: ListFilter, _after: unknown) => page([maria]));
    renderInRouter(<ObituariesPage obituaries={failed} loadPage={loadPage} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Aparecida Souza' })).toBeInTheDocument();
    expect(loadPage).toHaveBeenCalledWith(NO_FILTER, null);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
