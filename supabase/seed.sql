-- Demonstration content for a fresh database (`supabase db reset`, or the local backend on an empty database); never
-- for a production database. The site's structure (its eight navigation topics) comes from the migrations
-- (20261126090000_navigation_topics.sql), so `supabase db push` alone gives a working, empty site.
-- It follows every rule the panel enforces (tests/seed-follows-the-panel.test.ts), so an editor's first save of a demo
-- row changes nothing they did not touch: alternative text on every image, rich text as the sanitiser writes it (an
-- outside link opens in a new tab, rel="noopener noreferrer nofollow"), every length within its limit.
-- Fixed ids so that tests and links can refer to these rows. Every story, person and company here is fictional.
--   topics        11111111-1111-4111-8111-00000000000N  (1 local … 8 tecnologia; from the migration)
--   publications  22222222-2222-4222-8222-0000000000NN  published;  22222222-2222-4222-8222-00000000d00N drafts
--   obituaries    33333333-3333-4333-8333-00000000000N  (4 is a draft)
--   jobs          44444444-4444-4444-8444-00000000000N  (4 is a draft; 2 expires 30 days after the seed ran, so it stays open)

-- `views` is left to increment_views for clients; the seed (run by the database owner) sets it directly.
insert into public.publications
  (id, title, description, content, image_url, image_alt, youtube_url, published, published_at, views, topic_id,
   created_at, updated_at)
values
(
  '22222222-2222-4222-8222-000000000001',
  'Rio Mogi-Guaçu sobe quase dois metros e Defesa Civil monitora bairros ribeirinhos',
  'Chuva forte no fim de semana elevou o nível do rio; famílias do Porto Velho receberam orientações e um abrigo foi preparado na escola municipal.',
  $html$<p>O nível do Rio Mogi-Guaçu subiu 1,8 metro entre a noite de sexta-feira e a manhã de domingo, depois de mais de 90 milímetros de chuva registrados na cabeceira da bacia. A Defesa Civil de Porto Ferreira passou a medir a régua da ponte a cada três horas e percorreu as ruas mais próximas da margem para conversar com os moradores.</p>
<h2>Quem precisa ficar atento</h2>
<p>Segundo a coordenação municipal, ainda não há risco de alagamento de casas, mas as áreas baixas do bairro Porto Velho e o trecho da estrada rural que liga a cidade aos sítios da margem esquerda podem ser interditados se a água continuar subindo.</p>
<ul>
  <li>Não atravesse trechos alagados a pé ou de carro;</li>
  <li>Guarde documentos e remédios em sacos plásticos, em local alto;</li>
  <li>Em caso de emergência, ligue 199 (Defesa Civil) ou 193 (Bombeiros).</li>
</ul>
<blockquote>"A água sobe devagar, o que nos dá tempo para agir. Pedimos que ninguém entre no rio para pescar enquanto a correnteza estiver forte", disse o coordenador Márcio Tavares.</blockquote>
<h2>Abrigo preparado</h2>
<p>A Escola Municipal Professora Ana Lúcia Campos foi preparada como ponto de acolhimento, com colchões, cobertores e refeições. As previsões do tempo e os alertas oficiais do estado podem ser acompanhados no <a href="https://www.defesacivil.sp.gov.br" target="_blank" rel="noopener noreferrer nofollow">site da Defesa Civil de São Paulo</a>.</p>$html$,
  '/images/seed/rio-mogi-guacu/original-800w.webp',
  'Ilustração em tons de azul com as ondas de um rio e o nome Rio Mogi-Guaçu',
  'https://www.youtube.com/watch?v=Xk3vQ9pLm2A',
  true, '2026-11-18 07:40:00-03', 2214, '11111111-1111-4111-8111-000000000001',
  '2026-11-18 07:10:00-03', '2026-11-18 07:40:00-03'
),
(
  '22222222-2222-4222-8222-000000000002',
  'Feira de Cerâmica Artística reúne 46 ateliês e espera 30 mil visitantes',
  'Evento na Avenida dos Oleiros vai de quinta a domingo, com oficinas de torno, queima raku e peças de artesãos de toda a região.',
  $html$<p>Porto Ferreira abre na quinta-feira a 18ª Feira de Cerâmica Artística, que este ano ocupa três quarteirões da Avenida dos Oleiros com 46 ateliês, quatro fábricas de louça decorativa e uma praça de alimentação com produtores rurais do município.</p>
<p>A organização espera cerca de 30 mil visitantes nos quatro dias, a maior parte vinda de cidades num raio de 150 quilômetros. Os hotéis do centro informam ocupação acima de 80% para o fim de semana.</p>
<h2>Oficinas abertas ao público</h2>
<ul>
  <li>Torno para iniciantes, com turmas de 12 pessoas a cada hora;</li>
  <li>Pintura em azulejo para crianças, na tenda do Sindicato dos Ceramistas;</li>
  <li>Demonstração de queima raku no sábado, às 17h.</li>
</ul>
<blockquote>"Cada peça que sai daqui carrega o barro do Mogi-Guaçu e a mão de uma família que trabalha com cerâmica há três gerações", resume a ceramista Helena Duarte, que expõe pela décima vez.</blockquote>
<p>A entrada é gratuita. A programação completa está no <a href="https://www.portoferreira.sp.gov.br" target="_blank" rel="noopener noreferrer nofollow">portal da Prefeitura</a>.</p>$html$,
  '/images/seed/feira-ceramica/original-800w.webp',
  'Ilustração em tons de terracota com vasos de cerâmica e o texto Feira de Cerâmica Artística',
  null,
  true, '2026-11-14 09:30:00-03', 1247, '11111111-1111-4111-8111-000000000001',
  '2026-11-13 18:20:00-03', '2026-11-14 09:30:00-03'
),
(
  '22222222-2222-4222-8222-000000000003',
  'Praça da Matriz ganha decoração de Natal com 3 mil peças de cerâmica',
  'Estrelas, sinos e presépio foram moldados por alunos das oficinas do Centro Cultural; a iluminação será acesa no dia 28.',
  $html$<p>A decoração de Natal deste ano na Praça da Matriz terá um toque que só Porto Ferreira poderia dar: cerca de 3 mil peças de cerâmica moldadas e pintadas à mão por alunos das oficinas gratuitas do Centro Cultural.</p>
<h2>Do barro à árvore</h2>
<p>O trabalho começou em agosto. Foram usados 900 quilos de argila doados por fábricas da cidade, e as queimas aconteceram nos fornos do próprio Centro Cultural e de dois ateliês parceiros.</p>
<ul>
  <li>Árvore de 9 metros com 1.200 estrelas esmaltadas;</li>
  <li>Presépio em tamanho real, com 14 figuras;</li>
  <li>Túnel de luz com sinos de cerâmica sonoros.</li>
</ul>
<blockquote>"Muitos alunos nunca tinham encostado no barro. Agora vão trazer a família para ver a peça que fizeram", conta a professora Regina Salles.</blockquote>
<p>A cerimônia de acendimento será no sábado, dia 28, às 19h, com apresentação do coral municipal.</p>$html$,
  '/images/seed/natal-ceramica/original-800w.webp',
  'Ilustração em verde com luzes de Natal amarelas e o texto Natal na Praça da Matriz',
  null,
  true, '2026-11-20 16:00:00-03', 983, '11111111-1111-4111-8111-000000000001',
  '2026-11-20 11:45:00-03', '2026-11-20 16:00:00-03'
),
(
  '22222222-2222-4222-8222-000000000004',
  'Recapeamento chega a 12 ruas do Jardim Aeroporto e da Vila Maria',
  'Obras começam na segunda-feira e devem durar seis semanas; linhas de ônibus terão desvios em dias alternados.',
  $html$<p>A Prefeitura de Porto Ferreira começa na segunda-feira o recapeamento de 12 ruas do Jardim Aeroporto e da Vila Maria, num total de 7,4 quilômetros. O investimento é de R$ 3,1 milhões, com recursos do município e de um convênio estadual.</p>
<h2>Como fica o trânsito</h2>
<p>As equipes trabalharão em um quarteirão por vez, das 7h às 17h. Os moradores serão avisados com dois dias de antecedência para retirar os carros da rua.</p>
<ul>
  <li>Semana 1 e 2: Rua das Palmeiras e Rua dos Ipês;</li>
  <li>Semana 3 e 4: Avenida Brasil (trecho entre a rodoviária e o viaduto);</li>
  <li>Semana 5 e 6: demais ruas da Vila Maria.</li>
</ul>
<blockquote>"Escolhemos as ruas pelo volume de reclamações e pelo tráfego de ônibus escolares", explicou o secretário de Obras, Rodrigo Fontana.</blockquote>
<p>O cronograma atualizado será publicado no <a href="https://www.portoferreira.sp.gov.br" target="_blank" rel="noopener noreferrer nofollow">portal da Prefeitura</a>.</p>$html$,
  '/images/seed/recapeamento/original-800w.webp',
  'Ilustração em cinza com uma rua asfaltada e a palavra Recapeamento',
  null,
  true, '2026-11-05 10:15:00-03', 642, '11111111-1111-4111-8111-000000000001',
  '2026-11-05 09:00:00-03', '2026-11-05 10:15:00-03'
),
(
  '22222222-2222-4222-8222-000000000005',
  'Antiga estação ferroviária reabre como centro cultural depois de dois anos de obras',
  'Prédio de 1911 foi restaurado e agora abriga biblioteca, sala de exposições e o acervo fotográfico da cidade.',
  $html$<p>Fechada desde o fim do transporte de passageiros, a antiga estação ferroviária de Porto Ferreira reabriu no domingo como centro cultural. O prédio, inaugurado em 1911, passou por dois anos de restauro, que recuperou o piso de ladrilho hidráulico, as portas de madeira e a cobertura da plataforma.</p>
<h2>O que há para ver</h2>
<ul>
  <li>Biblioteca com 8 mil livros e sala de leitura infantil;</li>
  <li>Exposição permanente "Trilhos e Barro", sobre a ferrovia e as olarias;</li>
  <li>Acervo com mais de 2 mil fotografias digitalizadas da cidade.</li>
</ul>
<blockquote>"A estação foi a porta de entrada de Porto Ferreira por décadas. Agora volta a ser um lugar de encontro", disse a diretora de Cultura, Patrícia Amaral.</blockquote>
<p>O espaço abre de terça a domingo, das 9h às 18h, com entrada gratuita.</p>$html$,
  '/images/seed/estacao-cultural/original-800w.webp',
  'Ilustração em tons de marrom com os arcos de uma antiga estação e o texto Estação Cultural',
  null,
  true, '2026-10-28 08:00:00-03', 415, '11111111-1111-4111-8111-000000000001',
  '2026-10-27 17:30:00-03', '2026-10-28 08:00:00-03'
),
(
  '22222222-2222-4222-8222-000000000006',
  'Câmara aprova orçamento de 2027 com mais recursos para saúde e pavimentação',
  'Peça orçamentária de R$ 412 milhões passou por 11 votos a 2; emendas destinam verba a unidades básicas de saúde.',
  $html$<p>A Câmara Municipal aprovou na noite de terça-feira, em segunda votação, o orçamento de 2027. A previsão de receita é de R$ 412 milhões, 6,5% acima da deste ano.</p>
<h2>Para onde vai o dinheiro</h2>
<ul>
  <li>Saúde: 27% do total, com duas novas equipes de saúde da família;</li>
  <li>Educação: 26%, incluindo a reforma de quatro escolas;</li>
  <li>Obras e pavimentação: 11%.</li>
</ul>
<p>Os vereadores aprovaram 38 emendas, a maior parte destinada a unidades básicas de saúde e a entidades assistenciais. Dois parlamentares votaram contra, alegando que a previsão de receita é otimista.</p>
<blockquote>"É um orçamento que olha para os bairros. A cobrança agora é para que as obras saiam do papel", afirmou o presidente da Casa.</blockquote>
<p>O texto aprovado será publicado no <a href="https://www.portoferreira.sp.gov.br" target="_blank" rel="noopener noreferrer nofollow">portal da Prefeitura</a> depois da sanção.</p>$html$,
  '/images/seed/camara-orcamento/original-800w.webp',
  'Ilustração em azul com as colunas de um prédio público e o texto Orçamento 2027',
  null,
  true, '2026-11-11 21:50:00-03', 531, '11111111-1111-4111-8111-000000000002',
  '2026-11-11 21:20:00-03', '2026-11-11 21:50:00-03'
),
(
  '22222222-2222-4222-8222-000000000007',
  'Polo cerâmico projeta alta de 8% nas vendas de fim de ano',
  'Fábricas de louça decorativa contrataram temporários e ampliaram turnos para atender lojistas de todo o país.',
  $html$<p>As indústrias de cerâmica decorativa de Porto Ferreira esperam vender 8% mais neste fim de ano do que em 2025, segundo levantamento da associação comercial com 31 empresas do setor.</p>
<h2>Contratações temporárias</h2>
<p>Para dar conta das encomendas, as fábricas abriram cerca de 350 vagas temporárias, a maioria em acabamento, pintura e expedição. Parte delas pode ser efetivada em janeiro.</p>
<ul>
  <li>Vasos e cachepôs lideram os pedidos;</li>
  <li>Peças utilitárias de mesa cresceram 12% nas vendas on-line;</li>
  <li>O custo do gás natural ainda preocupa os empresários.</li>
</ul>
<blockquote>"O comprador voltou a procurar a peça feita à mão, com identidade. É aí que Porto Ferreira tem vantagem", avalia o economista Fábio Nogueira.</blockquote>
<p>Os dados de emprego formal do município podem ser acompanhados no <a href="https://www.ibge.gov.br" target="_blank" rel="noopener noreferrer nofollow">IBGE</a>.</p>$html$,
  '/images/seed/polo-ceramico/original-800w.webp',
  'Ilustração em vermelho e laranja com um gráfico de barras e o texto Polo cerâmico',
  null,
  true, '2026-11-03 11:00:00-03', 1725, '11111111-1111-4111-8111-000000000003',
  '2026-11-03 10:00:00-03', '2026-11-03 11:00:00-03'
),
(
  '22222222-2222-4222-8222-000000000008',
  'Vacinação contra a dengue é ampliada e unidades abrem aos sábados',
  'Cinco unidades básicas de saúde atendem das 8h às 13h neste e no próximo sábado; basta levar documento e carteira de vacinação.',
  $html$<p>A Secretaria Municipal de Saúde ampliou a vacinação contra a dengue e vai abrir cinco unidades básicas de saúde nos próximos dois sábados, das 8h às 13h. A medida antecipa o período de chuvas, quando os casos costumam aumentar.</p>
<h2>Quem pode tomar</h2>
<ul>
  <li>Crianças e adolescentes de 10 a 14 anos;</li>
  <li>Quem tomou a primeira dose há pelo menos três meses;</li>
  <li>É preciso levar documento com foto e a carteira de vacinação.</li>
</ul>
<blockquote>"Vacina e quintal limpo andam juntos. Dez minutos por semana bastam para eliminar a água parada", reforça a enfermeira Cláudia Moreira.</blockquote>
<p>As orientações oficiais estão no <a href="https://www.gov.br/saude" target="_blank" rel="noopener noreferrer nofollow">portal do Ministério da Saúde</a>.</p>$html$,
  '/images/seed/vacinacao-dengue/original-800w.webp',
  'Ilustração em verde-água com uma cruz de saúde e a palavra Vacinação',
  null,
  true, '2026-10-22 08:20:00-03', 890, '11111111-1111-4111-8111-000000000004',
  '2026-10-21 19:00:00-03', '2026-10-22 08:20:00-03'
),
(
  '22222222-2222-4222-8222-000000000009',
  'Futsal de Porto Ferreira vence nos pênaltis e vai à final regional',
  'Equipe sub-17 eliminou a favorita no ginásio lotado; decisão será no próximo domingo, em casa.',
  $html$<p>Com o Ginásio Municipal lotado, a equipe sub-17 de futsal de Porto Ferreira venceu a semifinal regional nos pênaltis, por 4 a 3, depois de empate por 2 a 2 no tempo normal.</p>
<h2>Goleiro decisivo</h2>
<p>O goleiro Davi Carvalho, de 16 anos, defendeu duas cobranças e foi carregado pelos colegas ao fim da partida. A final será no próximo domingo, às 10h, no mesmo ginásio.</p>
<ul>
  <li>Ingresso: 1 quilo de alimento não perecível;</li>
  <li>Portões abrem às 9h;</li>
  <li>Os alimentos serão doados ao Fundo Social.</li>
</ul>
<blockquote>"Esse grupo treina junto desde os 11 anos. A final em casa é o prêmio que eles merecem", disse o técnico Anderson Lima.</blockquote>$html$,
  '/images/seed/futsal-final/original-800w.webp',
  'Ilustração em laranja com uma bola de futsal e o texto Futsal sub-17',
  null,
  true, '2026-11-16 22:10:00-03', 1408, '11111111-1111-4111-8111-000000000005',
  '2026-11-16 21:55:00-03', '2026-11-16 22:10:00-03'
),
(
  '22222222-2222-4222-8222-000000000010',
  'Festival de viola caipira leva 12 duplas ao coreto da Praça da Matriz',
  'Apresentações gratuitas acontecem nas noites de sexta e sábado, com feira de comidas típicas.',
  $html$<p>O 5º Festival de Viola Caipira de Porto Ferreira reúne 12 duplas da região nas noites de sexta e sábado, no coreto da Praça da Matriz. As apresentações começam às 19h30.</p>
<h2>Programação</h2>
<ul>
  <li>Sexta: duplas estreantes e a orquestra de violeiros da escola de música;</li>
  <li>Sábado: finalistas e show de encerramento;</li>
  <li>Feira de comidas típicas a partir das 18h.</li>
</ul>
<blockquote>"A viola conta a história do interior paulista, da roça, do rio e da estrada. É bonito ver os jovens aprendendo", diz o organizador Sebastião Rocha.</blockquote>
<p>Leve uma cadeira: os lugares em frente ao coreto costumam se esgotar cedo.</p>$html$,
  '/images/seed/festival-viola/original-800w.webp',
  'Ilustração em roxo e rosa com as cordas de uma viola e o texto Festival de Viola',
  null,
  true, '2026-10-17 15:00:00-03', 305, '11111111-1111-4111-8111-000000000006',
  '2026-10-17 12:00:00-03', '2026-10-17 15:00:00-03'
),
(
  '22222222-2222-4222-8222-000000000011',
  'Escolas municipais recebem laboratórios de robótica',
  'Oito escolas de ensino fundamental passam a ter kits e formação para professores; aulas começam no próximo semestre.',
  $html$<p>Oito escolas municipais de Porto Ferreira receberam nesta semana laboratórios de robótica, com kits de montagem, computadores e impressoras 3D. Cerca de 2.400 alunos do 6º ao 9º ano terão aulas semanais a partir do próximo semestre.</p>
<h2>Formação de professores</h2>
<p>Antes das aulas, 32 professores de matemática e ciências passam por uma formação de 60 horas. A proposta é usar a robótica para ensinar conteúdos do currículo, e não como atividade isolada.</p>
<ul>
  <li>Projetos em grupo de quatro alunos;</li>
  <li>Mostra de trabalhos no fim do ano letivo;</li>
  <li>Participação em olimpíadas regionais.</li>
</ul>
<blockquote>"Quando o aluno vê o robô fazendo o que ele programou, a matemática ganha sentido", afirma a coordenadora pedagógica Juliana Prates.</blockquote>
<p>Os indicadores de aprendizagem do município estão disponíveis no <a href="https://www.gov.br/inep" target="_blank" rel="noopener noreferrer nofollow">Inep</a>.</p>$html$,
  '/images/seed/robotica-escolas/original-800w.webp',
  'Ilustração em azul-escuro com engrenagens e o texto Robótica nas escolas',
  null,
  true, '2026-10-30 09:45:00-03', 718, '11111111-1111-4111-8111-000000000007',
  '2026-10-30 08:30:00-03', '2026-10-30 09:45:00-03'
),
(
  '22222222-2222-4222-8222-000000000012',
  'Wi-Fi gratuito chega a seis praças e ao terminal rodoviário',
  'Rede pública tem conexão de 100 Mb/s por ponto e exige apenas cadastro com CPF e número de celular.',
  $html$<p>Seis praças de Porto Ferreira e o terminal rodoviário passaram a ter internet sem fio gratuita. Cada ponto oferece até 100 Mb/s, divididos entre os usuários conectados.</p>
<h2>Como se conectar</h2>
<ul>
  <li>Procure a rede "PortoFerreira-Livre";</li>
  <li>Faça o cadastro com CPF e número de celular;</li>
  <li>A sessão dura duas horas e pode ser renovada.</li>
</ul>
<p>A Prefeitura informa que os dados de navegação não são vendidos e que o cadastro serve apenas para cumprir a legislação. O tratamento segue a <a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer nofollow">Lei Geral de Proteção de Dados</a>.</p>
<blockquote>"Muita gente usa a praça para estudar ou procurar emprego. Internet de qualidade ali faz diferença", disse o diretor de Tecnologia, Caio Ventura.</blockquote>$html$,
  '/images/seed/wifi-pracas/original-800w.webp',
  'Ilustração em azul com o símbolo de sinal de Wi-Fi e o texto Wi-Fi nas praças',
  null,
  true, '2026-10-09 14:00:00-03', 455, '11111111-1111-4111-8111-000000000008',
  '2026-10-09 11:00:00-03', '2026-10-09 14:00:00-03'
),
(
  '22222222-2222-4222-8222-00000000d001',
  'Ciclovia ligando o centro ao Distrito Industrial está em estudo',
  'Rascunho: traçado de 4,2 km ainda depende de desapropriações.',
  $html$<p>A Prefeitura estuda uma ciclovia de 4,2 quilômetros entre o centro e o Distrito Industrial, por onde passam diariamente centenas de trabalhadores das fábricas de cerâmica.</p>
<h2>Próximos passos</h2>
<ul>
  <li>Audiência pública prevista para dezembro;</li>
  <li>Projeto executivo em 2027.</li>
</ul>$html$,
  '/images/seed/ciclovia/original-800w.webp',
  'Ilustração em verde com uma bicicleta e a palavra Ciclovia',
  null,
  false, null, 0, '11111111-1111-4111-8111-000000000001',
  '2026-11-19 16:00:00-03', '2026-11-19 16:00:00-03'
),
(
  '22222222-2222-4222-8222-00000000d002',
  'Cooperativa de artesãos prepara loja virtual para 2027',
  'Rascunho: 60 ceramistas venderão direto ao consumidor.',
  $html$<p>A cooperativa que reúne 60 ceramistas de Porto Ferreira prepara uma loja virtual para vender direto ao consumidor a partir de março de 2027.</p>$html$,
  '/images/seed/loja-virtual/original-800w.webp',
  'Ilustração em laranja com um carrinho de compras e o texto Loja virtual',
  null,
  false, null, 0, '11111111-1111-4111-8111-000000000003',
  '2026-11-21 10:00:00-03', '2026-11-21 10:00:00-03'
)
on conflict do nothing;

insert into public.obituaries
  (id, name, age, death_date, biography, family, funeral_location, funeral_time, photo_url, published, created_at)
values
(
  '33333333-3333-4333-8333-000000000001',
  'Maria Aparecida Rossi Bertolini', 87, '2026-11-19',
  'Nascida em Porto Ferreira, trabalhou por 35 anos como pintora de louças em uma das primeiras fábricas de cerâmica da cidade. Era conhecida pelas rosas que pintava à mão e pelos bolos de fubá que levava aos vizinhos aos domingos.',
  'Deixa os filhos Paulo, Sandra e Luís, oito netos e três bisnetos.',
  'Velório Municipal de Porto Ferreira, sala 1',
  'Das 8h às 15h; sepultamento às 16h no Cemitério Municipal',
  '/images/seed/obituario-maria-aparecida/original-480w.webp', true, '2026-11-19 09:00:00-03'
),
(
  '33333333-3333-4333-8333-000000000002',
  'José Carlos Menegatti', 74, '2026-11-15',
  'Ferroviário aposentado, foi chefe da antiga estação por quase duas décadas e um dos fundadores do clube de bocha do bairro Santa Rosa.',
  'Deixa a esposa, Aparecida, os filhos Márcia e Renato e cinco netos.',
  'Velório Municipal de Porto Ferreira, sala 2',
  'Das 7h às 13h; sepultamento às 14h no Cemitério da Saudade',
  null, true, '2026-11-15 08:00:00-03'
),
(
  '33333333-3333-4333-8333-000000000003',
  'Antônio Benedito Paiva', 91, '2026-11-08',
  'Pescador e barqueiro do Rio Mogi-Guaçu por mais de sessenta anos, ensinou gerações de ferreirenses a respeitar o rio. Contava histórias das cheias de 1977 a quem quisesse ouvir.',
  'Deixa as filhas Rosa e Cida, sete netos e dez bisnetos.',
  'Capela Mortuária São Sebastião',
  'Das 9h às 16h; sepultamento às 16h30 no Cemitério Municipal',
  '/images/seed/obituario-antonio-benedito/original-480w.webp', true, '2026-11-08 10:00:00-03'
),
(
  '33333333-3333-4333-8333-000000000004',
  'Luzia Fernandes Prado', 68, '2026-11-21',
  'Professora de alfabetização na rede municipal por 30 anos.',
  'Deixa o marido, Jorge, e os filhos Carla e Mateus.',
  'Velório Municipal de Porto Ferreira, sala 1',
  'Horário a confirmar',
  null, false, '2026-11-21 07:30:00-03'
)
on conflict do nothing;

insert into public.jobs
  (id, title, company, contract_type, description, location, published, expires_at, created_at)
values
(
  '44444444-4444-4444-8444-000000000001',
  'Auxiliar de produção', 'Cerâmica Vale do Mogi', 'CLT',
  'Acabamento e embalagem de peças decorativas. Ensino fundamental completo; não exige experiência. Vale-transporte, refeição no local e plano de saúde.',
  'Distrito Industrial, Porto Ferreira - SP', true, null, '2026-11-17 08:00:00-03'
),
(
  '44444444-4444-4444-8444-000000000002',
  'Designer de produto cerâmico', 'Ateliê Terra Queimada', 'PJ',
  'Criação de coleções de vasos e peças utilitárias, do desenho ao protótipo. Portfólio obrigatório.',
  'Centro, Porto Ferreira - SP', true, private.sao_paulo_date(now()) + 30, '2026-11-12 14:00:00-03'
),
(
  '44444444-4444-4444-8444-000000000003',
  'Estágio em administração', 'Cooperativa dos Ceramistas de Porto Ferreira', 'Estágio',
  'Apoio ao financeiro e ao atendimento de lojistas. Para estudantes de Administração ou Contabilidade, 6 horas por dia.',
  'Jardim Aeroporto, Porto Ferreira - SP', true, null, '2026-11-06 09:30:00-03'
),
(
  '44444444-4444-4444-8444-000000000004',
  'Vendedor temporário de fim de ano', 'Empório da Louça', 'Temporário',
  'Atendimento na loja durante dezembro e janeiro.',
  'Avenida dos Oleiros, Porto Ferreira - SP', false, '2026-12-20', '2026-11-21 11:00:00-03'
)
on conflict do nothing;

-- The privacy page's controller in development: labelled as the demonstration it is (production ships empty values,
-- which the administrator fills in on 'Configurações').
update public.site_settings
   set controller_name = 'Porto Ferreira Notícias (empresa de demonstração)',
       controller_address = 'Rua Dr. Carlos Botelho, 1000 – Centro, Porto Ferreira – SP, 13660-000',
       privacy_email = 'privacidade@portoferreiranoticias.com.br';
