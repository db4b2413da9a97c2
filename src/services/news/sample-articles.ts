import type { ExternalTopicSlug } from './category-mapping';
import { CATEGORY_LABEL_BY_SLUG } from './category-mapping';
import { DEFAULT_AUTHOR, type NewsArticle } from './news-article';
import { FEATURED_ARTICLE } from './featured-article';

// Built-in articles shown when the external news service is not configured or fails (docs/product.md §20, §21): three per
// category. Every story, person, company and outlet here is fictional.

interface SampleSeed {
  title: string;
  description: string;
  content: string;
  sourceName: string;
  publishedAt: string;
}

function sample(slug: ExternalTopicSlug, index: number, seed: SampleSeed): NewsArticle {
  return {
    id: `amostra-${slug}-${index}`,
    origin: 'sample',
    ...seed,
    // Every seed is written at São Paulo's offset (-03:00): the day written is São Paulo's (sample-articles.test.ts).
    publishedOn: seed.publishedAt.slice(0, 10),
    imageUrl: null,
    author: DEFAULT_AUTHOR,
    url: null,
    category: CATEGORY_LABEL_BY_SLUG[slug],
    youtubeUrl: null,
  };
}

export const SAMPLE_ARTICLES_BY_SLUG: Record<ExternalTopicSlug, readonly NewsArticle[]> = {
  politica: [
    sample('politica', 1, {
      title: 'Congresso conclui votação do novo marco para consórcios intermunicipais',
      description: 'Texto permite que cidades pequenas dividam custos de hospitais, aterros e transporte escolar com regras mais simples.',
      content:
        'O Congresso concluiu a votação do projeto que atualiza as regras dos consórcios públicos entre municípios. O texto segue para sanção.\n\nA principal mudança é a simplificação da prestação de contas para consórcios de cidades com menos de 100 mil habitantes, que poderão contratar serviços de saúde e de coleta de lixo em conjunto.\n\nEntidades de prefeitos calculam que a medida pode reduzir em até 15% o custo de serviços compartilhados.',
      sourceName: 'Agência Brasil Central',
      publishedAt: '2026-11-20T18:30:00-03:00',
    }),
    sample('politica', 2, {
      title: 'Assembleia paulista aprova fundo para obras de contenção de enchentes',
      description: 'Recursos serão distribuídos por edital e priorizam cidades às margens de rios com histórico de cheias.',
      content:
        'A Assembleia Legislativa aprovou a criação de um fundo estadual para obras de drenagem e contenção de enchentes. O fundo começa com R$ 800 milhões.\n\nMunicípios poderão apresentar projetos a partir de março. Cidades com áreas de risco mapeadas pela Defesa Civil terão pontuação extra na seleção.',
      sourceName: 'Diário do Interior',
      publishedAt: '2026-11-19T20:10:00-03:00',
    }),
    sample('politica', 3, {
      title: 'Tribunal eleitoral lança aplicativo para denúncias de propaganda irregular',
      description: 'Ferramenta aceita fotos e localização e promete resposta em até 48 horas durante o período eleitoral.',
      content:
        'O tribunal eleitoral apresentou um aplicativo gratuito para que eleitores denunciem propaganda irregular, como faixas em locais proibidos e material distribuído fora do prazo.\n\nAs denúncias serão encaminhadas aos cartórios de cada zona eleitoral, que terão até 48 horas para verificar o caso.',
      sourceName: 'Jornal da Capital',
      publishedAt: '2026-11-18T11:00:00-03:00',
    }),
  ],
  economia: [
    sample('economia', 1, {
      title: 'Vendas do comércio do interior crescem 4% no trimestre',
      description: 'Levantamento de federação do comércio aponta alta puxada por materiais de construção e farmácias.',
      content:
        'O comércio varejista das cidades do interior paulista vendeu 4% mais no último trimestre do que no mesmo período do ano passado, segundo levantamento de uma federação do setor.\n\nMateriais de construção e farmácias lideraram a alta. Vestuário ficou estável, e eletrodomésticos tiveram leve queda.',
      sourceName: 'Economia Paulista',
      publishedAt: '2026-11-20T09:15:00-03:00',
    }),
    sample('economia', 2, {
      title: 'Crédito para pequenas empresas tem juros mais baixos em linha estadual',
      description: 'Programa oferece até R$ 150 mil com carência de seis meses para micro e pequenos negócios.',
      content:
        'Uma nova linha de crédito estadual para micro e pequenas empresas oferece empréstimos de até R$ 150 mil com carência de seis meses e juros abaixo da média de mercado.\n\nOs pedidos podem ser feitos pela internet. Empresas com mais de um ano de atividade e sem pendências fiscais podem participar.',
      sourceName: 'Diário do Interior',
      publishedAt: '2026-11-18T14:40:00-03:00',
    }),
    sample('economia', 3, {
      title: 'Preço do etanol cai pela terceira semana seguida nos postos',
      description: 'Safra de cana acima do esperado derrubou o valor do combustível em 21 estados.',
      content:
        'O preço médio do etanol nos postos caiu pela terceira semana consecutiva, segundo pesquisa semanal de preços de combustíveis.\n\nA safra de cana-de-açúcar maior que a prevista aumentou a oferta do combustível. Em São Paulo, abastecer com etanol voltou a compensar na maioria dos municípios.',
      sourceName: 'Economia Paulista',
      publishedAt: '2026-11-17T07:50:00-03:00',
    }),
  ],
  saude: [
    sample('saude', 1, {
      title: 'Campanha de vacinação contra a gripe é ampliada para toda a população',
      description: 'Doses estão disponíveis nas unidades básicas de saúde até o fim do mês para qualquer pessoa acima de seis meses.',
      content:
        'A campanha de vacinação contra a gripe foi ampliada para toda a população a partir de seis meses de idade. As doses estão disponíveis nas unidades básicas de saúde.\n\nBasta levar um documento com foto e, se tiver, a caderneta de vacinação. A meta é vacinar 90% dos grupos prioritários.',
      sourceName: 'Saúde em Foco',
      publishedAt: '2026-11-20T10:00:00-03:00',
    }),
    sample('saude', 2, {
      title: 'Estudo mostra que caminhar 30 minutos por dia reduz risco de infarto',
      description: 'Pesquisa acompanhou 12 mil adultos por dez anos e encontrou queda de 25% nos eventos cardíacos.',
      content:
        'Uma pesquisa que acompanhou 12 mil adultos por dez anos concluiu que caminhar ao menos 30 minutos por dia reduz em 25% o risco de infarto.\n\nOs pesquisadores destacam que o benefício aparece mesmo quando a caminhada é dividida em períodos curtos ao longo do dia.',
      sourceName: 'Saúde em Foco',
      publishedAt: '2026-11-19T08:20:00-03:00',
    }),
    sample('saude', 3, {
      title: 'Hospitais regionais recebem novos aparelhos de tomografia',
      description: 'Equipamentos devem reduzir a fila de exames de imagem em cidades do centro-leste paulista.',
      content:
        'Quatro hospitais regionais receberam novos tomógrafos, que devem reduzir a espera por exames de imagem em até 40%.\n\nOs aparelhos atendem pacientes encaminhados pelas unidades básicas de saúde de mais de 30 municípios.',
      sourceName: 'Diário do Interior',
      publishedAt: '2026-11-16T16:45:00-03:00',
    }),
  ],
  esportes: [
    sample('esportes', 1, {
      title: 'Time do interior garante acesso à primeira divisão do estadual',
      description: 'Vitória por 2 a 0 na última rodada confirmou a campanha com a melhor defesa da competição.',
      content:
        'Com uma vitória por 2 a 0 na última rodada, o time garantiu o acesso à primeira divisão do campeonato estadual. A equipe terminou a competição com a melhor defesa, sofrendo apenas nove gols.\n\nO estádio recebeu público de 8 mil torcedores, recorde da temporada.',
      sourceName: 'Esporte Regional',
      publishedAt: '2026-11-21T22:00:00-03:00',
    }),
    sample('esportes', 2, {
      title: 'Seleção feminina de vôlei vence na estreia do torneio sul-americano',
      description: 'Equipe brasileira fez 3 sets a 0 e volta à quadra na quinta-feira.',
      content:
        'A seleção brasileira feminina de vôlei estreou com vitória por 3 sets a 0 no torneio sul-americano. A oposta foi a maior pontuadora da partida, com 17 pontos.\n\nO Brasil volta à quadra na quinta-feira, contra a equipe da casa.',
      sourceName: 'Placar Nacional',
      publishedAt: '2026-11-20T21:30:00-03:00',
    }),
    sample('esportes', 3, {
      title: 'Corrida de rua beneficente reúne 2 mil atletas no interior',
      description: 'Prova de 5 e 10 quilômetros arrecadou alimentos para entidades assistenciais.',
      content:
        'Cerca de 2 mil corredores participaram da corrida de rua beneficente, com percursos de 5 e 10 quilômetros. Cada inscrição foi trocada por dois quilos de alimento.\n\nAs doações, mais de quatro toneladas, serão distribuídas a entidades assistenciais da região.',
      sourceName: 'Esporte Regional',
      publishedAt: '2026-11-17T12:00:00-03:00',
    }),
  ],
  cultura: [
    sample('cultura', 1, {
      title: 'Festival de música caipira anuncia programação com 20 atrações',
      description: 'Evento gratuito acontece em dezembro e homenageia duplas históricas da viola.',
      content:
        'O festival de música caipira divulgou a programação da próxima edição, com 20 atrações em três dias. Os shows são gratuitos.\n\nA edição homenageia duplas históricas da música de viola e terá oficinas para crianças e adolescentes.',
      sourceName: 'Cultura Interior',
      publishedAt: '2026-11-19T15:00:00-03:00',
    }),
    sample('cultura', 2, {
      title: 'Museu reabre com exposição sobre a história das ferrovias paulistas',
      description: 'Mostra reúne fotografias, bilhetes e uniformes do auge do transporte de passageiros.',
      content:
        'Depois de oito meses fechado para reforma, o museu reabriu com uma exposição sobre as ferrovias paulistas. São mais de 300 itens, entre fotografias, bilhetes e uniformes.\n\nA visitação é gratuita de terça a domingo.',
      sourceName: 'Cultura Interior',
      publishedAt: '2026-11-18T10:30:00-03:00',
    }),
    sample('cultura', 3, {
      title: 'Cinema itinerante leva sessões gratuitas a 40 cidades',
      description: 'Projeto exibe filmes nacionais em praças públicas, com acessibilidade em libras e audiodescrição.',
      content:
        'Um projeto de cinema itinerante vai percorrer 40 cidades com sessões gratuitas ao ar livre. Os filmes são nacionais e todas as sessões têm tradução em libras e audiodescrição.\n\nA programação de cada cidade é divulgada com uma semana de antecedência.',
      sourceName: 'Tela Brasil',
      publishedAt: '2026-11-15T19:00:00-03:00',
    }),
  ],
  educacao: [
    sample('educacao', 1, {
      title: 'Inscrições para cursos técnicos gratuitos terminam na sexta-feira',
      description: 'São 12 mil vagas em cursos de mecânica, enfermagem, logística e desenvolvimento de sistemas.',
      content:
        'Terminam na sexta-feira as inscrições para os cursos técnicos gratuitos das escolas estaduais. São 12 mil vagas em cursos como mecânica, enfermagem, logística e desenvolvimento de sistemas.\n\nA seleção será feita por prova on-line, marcada para o início de dezembro.',
      sourceName: 'Educação Hoje',
      publishedAt: '2026-11-20T07:30:00-03:00',
    }),
    sample('educacao', 2, {
      title: 'Escolas públicas terão aulas de programação a partir do sexto ano',
      description: 'Conteúdo será introduzido gradualmente e professores passam por formação nas férias.',
      content:
        'As escolas públicas estaduais passam a oferecer aulas de programação a partir do sexto ano do ensino fundamental. O conteúdo será introduzido de forma gradual ao longo do próximo ano.\n\nOs professores participarão de uma formação durante as férias escolares.',
      sourceName: 'Educação Hoje',
      publishedAt: '2026-11-18T13:15:00-03:00',
    }),
    sample('educacao', 3, {
      title: 'Olimpíada de matemática premia 300 estudantes do interior',
      description: 'Alunos de escolas públicas conquistaram a maioria das medalhas de ouro desta edição.',
      content:
        'A olimpíada de matemática divulgou os premiados desta edição: 300 estudantes do interior paulista receberam medalhas, a maioria de escolas públicas.\n\nOs medalhistas de ouro ganham bolsas de iniciação científica por um ano.',
      sourceName: 'Diário do Interior',
      publishedAt: '2026-11-16T09:00:00-03:00',
    }),
  ],
  tecnologia: [
    sample('tecnologia', 1, {
      title: 'Internet por fibra óptica chega a 90% dos municípios paulistas',
      description: 'Expansão de provedores regionais levou banda larga a cidades pequenas e áreas rurais.',
      content:
        'A fibra óptica já está disponível em 90% dos municípios paulistas, segundo dados da agência reguladora. Provedores regionais responderam pela maior parte da expansão.\n\nNas áreas rurais, a cobertura ainda é menor, mas cresceu 30% no último ano.',
      sourceName: 'Tecnologia em Pauta',
      publishedAt: '2026-11-21T11:20:00-03:00',
    }),
    sample('tecnologia', 2, {
      title: 'Startups do agronegócio recebem aporte para monitorar lavouras com sensores',
      description: 'Tecnologia mede umidade do solo e avisa o produtor pelo celular quando irrigar.',
      content:
        'Três startups do agronegócio receberam aportes para ampliar o uso de sensores de umidade do solo em pequenas propriedades. O sistema avisa o produtor pelo celular quando é hora de irrigar.\n\nEm testes, a economia de água chegou a 35%.',
      sourceName: 'Tecnologia em Pauta',
      publishedAt: '2026-11-19T17:00:00-03:00',
    }),
    sample('tecnologia', 3, {
      title: 'Golpes por aplicativo de mensagem: saiba como se proteger',
      description: 'Especialistas recomendam verificação em duas etapas e desconfiança de pedidos de dinheiro urgentes.',
      content:
        'Os golpes por aplicativo de mensagem continuam entre as fraudes mais comuns. Especialistas recomendam ativar a verificação em duas etapas e nunca compartilhar códigos recebidos por SMS.\n\nEm caso de pedido de dinheiro de um conhecido, confirme por ligação antes de fazer qualquer transferência.',
      sourceName: 'Tecnologia em Pauta',
      publishedAt: '2026-11-18T08:45:00-03:00',
    }),
  ],
};

export const SAMPLE_ARTICLES: readonly NewsArticle[] = Object.values(SAMPLE_ARTICLES_BY_SLUG).flat();

/** A built-in article by id (the featured story included), for opening one by address. */
export function findBuiltInArticle(id: string): NewsArticle | null {
  if (id === FEATURED_ARTICLE.id) return FEATURED_ARTICLE;
  return SAMPLE_ARTICLES.find((article) => article.id === id) ?? null;
}
