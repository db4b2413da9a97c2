import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../services/jobs';
import type { NewsArticle } from '../../../services/news';
import type { Obituary } from '../../../services/obituaries';
import { buildArticle, buildJob, buildObituary } from '../../../../tests/support/row-factories';
import { controllablePromise, renderInRouter, settle } from '../testing/render-in-router';
import { FEATURED_ARTICLE } from '../../../services/news/featured-article';
import { HomePage, type HomeData } from './home-page';
import { site } from '../../../config/site';
import type { WeatherAnswer } from '../../../services/weather/weather';
import { RECORDED_READING } from '../../../services/weather/testing/recorded-forecast';

function pendingHome() {
  const parts = {
    localArticles: controllablePromise<NewsArticle[]>(),
    nationalArticles: controllablePromise<NewsArticle[]>(),
    sportsArticles: controllablePromise<NewsArticle[]>(),
    technologyArticles: controllablePromise<NewsArticle[]>(),
    mostRead: controllablePromise<NewsArticle[]>(),
    jobs: controllablePromise<Job[]>(),
    obituaries: controllablePromise<Obituary[]>(),
    weather: controllablePromise<WeatherAnswer>(),
  };
  const data = {
    ...Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, part.promise])),
    lead: FEATURED_ARTICLE,
  } as unknown as HomeData;
  return { parts, data };
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('HomePage', () => {
  it('shows the hero, the sidebar and a skeleton in every section while the data is on its way', () => {
    const { data } = pendingHome();
    renderInRouter(<HomePage data={data} />);

    const hero = screen.getByRole('link', { name: /R\$ 50 milhões e gerar 500 empregos/ });
    expect(hero).toHaveAttribute('href', '/noticia/externa?id=amostra-destaque');
    expect(screen.getByText(/24 meses/)).toBeInTheDocument();
    for (const title of ['Porto Ferreira e Região', 'Notícias Nacionais', 'Esportes', 'Tecnologia']) {
      expect(within(section(title)).getByRole('status')).toHaveTextContent('Carregando notícias...');
    }
    expect(within(section('Notícias Mais Lidas')).getByRole('status')).toBeInTheDocument();
    // The weather is on its way too: no value until there is a reading.
    expect(section('Porto Ferreira, SP')).toHaveAttribute('aria-busy', 'true');
    expect(within(section('Porto Ferreira, SP')).queryByText(/°C/)).toBeNull();
    expect(screen.getAllByText('Espaço Publicitário')).toHaveLength(2);
  });

  it("shows the weather's reading once it arrives, and says so when there is none", async () => {
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    await settle(() => parts.weather.resolve({ reading: RECORDED_READING, stale: false }));
    expect(within(section('Porto Ferreira, SP')).getByText('27°C')).toBeInTheDocument();
    expect(within(section('Porto Ferreira, SP')).getByText('Parcialmente nublado')).toBeInTheDocument();

    const down = pendingHome();
    renderInRouter(<HomePage data={down.data} />);
    await settle(() => down.parts.weather.resolve({ reading: null, stale: false }));
    expect(screen.getByText('Previsão indisponível')).toBeInTheDocument();
  });

  it('fills each section as its own data arrives', async () => {
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    const local = buildArticle({ title: 'Rio Mogi-Guaçu sobe quase dois metros' });
    const sports = buildArticle({ origin: 'sample', id: 'amostra-esportes-1', title: 'Time do interior garante acesso', category: 'Esportes', sourceName: 'Esporte Regional' });

    await settle(() => parts.localArticles.resolve([local]));
    expect(within(section('Porto Ferreira e Região')).getByRole('link', { name: local.title })).toHaveAttribute(
      'href',
      `/noticia/${local.id}/rio-mogi-guacu-sobe-quase-dois-metros`,
    );
    // The other sections are still loading: nothing waits for anything else.
    expect(within(section('Esportes')).getByRole('status')).toBeInTheDocument();

    await settle(() => parts.sportsArticles.resolve([sports]));
    const card = within(section('Esportes')).getByRole('link', { name: sports.title });
    expect(card).toHaveAttribute('href', '/noticia/externa?id=amostra-esportes-1');
    expect(within(section('Esportes')).getByText('Esporte Regional')).toBeInTheDocument();
    expect(within(section('Esportes')).getByText('20/11/2026')).toBeInTheDocument();
  });

  it("points each section's 'Ver mais' to its topic page", () => {
    renderInRouter(<HomePage data={pendingHome().data} />);
    expect(within(section('Porto Ferreira e Região')).getByRole('link', { name: /Ver mais/ })).toHaveAttribute('href', '/topic/local');
    expect(within(section('Notícias Nacionais')).getByRole('link', { name: /Ver mais/ })).toHaveAttribute('href', '/topic/politica');
    expect(within(section('Esportes')).getByRole('link', { name: /Ver mais/ })).toHaveAttribute('href', '/topic/esportes');
    expect(within(section('Tecnologia')).getByRole('link', { name: /Ver mais/ })).toHaveAttribute('href', '/topic/tecnologia');
  });

  it('numbers the most read 01 to 05 with title and date, each opening its article', async () => {
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    const articles = Array.from({ length: 5 }, (_, index) => buildArticle({ title: `Mais lida ${index + 1}` }));
    await settle(() => parts.mostRead.resolve(articles));

    const items = within(section('Notícias Mais Lidas')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(
      articles.map((article, index) => `0${index + 1}${article.title}20/11/2026`),
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/noticia/${articles[0]!.id}/mais-lida-1`);
  });

  it('shows the community cards: three jobs, two obituaries, and the WhatsApp channel and group', async () => {
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    await settle(() => {
      parts.jobs.resolve([buildJob({ title: 'Auxiliar de produção', company: 'Cerâmica Alfa', location: 'Distrito Industrial', contract_type: 'Temporário' })]);
      parts.obituaries.resolve([buildObituary({ name: 'Antônio Benedito', age: 84, death_date: '2026-11-03', funeral_location: 'Velório Municipal', funeral_time: '8h às 14h' })]);
    });

    expect(screen.getByText('Auxiliar de produção')).toBeInTheDocument();
    expect(screen.getByText('Cerâmica Alfa')).toBeInTheDocument();
    expect(screen.getByText('Distrito Industrial • Temporário')).toBeInTheDocument();
    // No external jobs site configured: the site's own /vagas, in the same tab.
    expect(screen.getByRole('link', { name: 'Ver todas as vagas' })).toHaveAttribute('href', '/vagas');
    expect(screen.getByRole('link', { name: 'Ver todas as vagas' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Auxiliar de produção' }).getAttribute('href')).toMatch(/^\/vagas\/job-\d+\/auxiliar-de-producao$/);
    expect(screen.getByRole('link', { name: 'Antônio Benedito' }).getAttribute('href')).toMatch(/^\/obituarios\/.+\/antonio-benedito$/);
    expect(screen.getByText('Antônio Benedito')).toBeInTheDocument();
    expect(screen.getByText('Antônio Benedito').closest('li')).toHaveTextContent(
      'Antônio Benedito84 anos • Falecimento: 03/11/2026Velório: Velório Municipal, 8h às 14h',
    );
    expect(screen.getByRole('link', { name: /Ver todos/ })).toHaveAttribute('href', '/obituarios');
    // WhatsApp: the newsroom's channel (a site setting, like the group) and the group, each in a new tab.
    const whatsapp = screen.getByRole('heading', { name: 'No WhatsApp' }).parentElement!;
    expect(within(whatsapp).getByRole('link', { name: /^Seguir o Canal/ })).toHaveAttribute('href', site.whatsappChannelUrl);
    expect(within(whatsapp).getByRole('link', { name: /^Participar do Grupo/ })).toHaveAttribute('href', site.whatsappGroupUrl);
    for (const link of within(whatsapp).getAllByRole('link')) expect(link).toHaveAttribute('target', '_blank');
    expect(within(whatsapp).getByText(/Você pode sair do grupo a qualquer momento\.$/)).toBeInTheDocument();
  });

  it('says so when a section is empty', async () => {
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    await settle(() => {
      parts.localArticles.resolve([]);
      parts.jobs.resolve([]);
      parts.obituaries.resolve([]);
      parts.mostRead.resolve([]);
    });
    expect(within(section('Porto Ferreira e Região')).getByText('Nenhuma notícia local publicada ainda.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma vaga publicada no momento.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum obituário publicado.')).toBeInTheDocument();
    expect(within(section('Notícias Mais Lidas')).getByText('Nenhuma notícia publicada ainda.')).toBeInTheDocument();
  });

  it('shows and logs a failed section without breaking the others', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { parts, data } = pendingHome();
    renderInRouter(<HomePage data={data} />);
    await settle(() => {
      parts.localArticles.reject(new Error('offline'));
      parts.technologyArticles.resolve([buildArticle({ title: 'Fibra óptica chega a 90%' })]);
    });
    expect(within(section('Porto Ferreira e Região')).getByRole('alert')).toHaveTextContent('Não foi possível carregar');
    expect(within(section('Tecnologia')).getByText('Fibra óptica chega a 90%')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
