// Run by tests/node-host-jsx.test.ts with `node --import tsx`, the loader `npm start` runs the server with (package.json):
// the fragments the edge handler renders into a page served as built (the Plantão banner, the home page's lead story),
// rendered as npm start renders them. Prints one JSON line.
import { withBreakingNews } from '../../src/render/breaking-news-html.ts';
import { withLeadStory } from '../../src/render/lead-story-html.ts';
import { ROUTE_DATA_ID } from '../../src/render/server-rendered.ts';

const built =
  '<!doctype html><html><head></head><body><div id="root"><div data-breaking-news=""></div>' +
  '<main><article data-lead-story="">amostra</article></main></div>' +
  `<script type="application/json" id="${ROUTE_DATA_ID}">{}</script></body></html>`;

function attempt(render: () => string): string {
  try {
    return render();
  } catch (error) {
    return `failed: ${String(error)}`;
  }
}

const banner = attempt(() => withBreakingNews(built, { id: 'a1', title: 'Ponte interditada', urgentUntil: '2099-01-01T00:00:00.000Z' }));
const hero = attempt(() =>
  withLeadStory(built, {
    id: 'b2',
    origin: 'local',
    title: 'Festa do Peão começa sexta',
    description: 'Programação completa.',
    content: '<p>Texto</p>',
    imageUrl: null,
    publishedAt: '2026-11-20T12:00:00.000Z',
    publishedOn: '2026-11-20',
    sourceName: 'Porto Ferreira Notícias',
    author: 'Redação',
    url: null,
    category: 'Porto Ferreira',
    youtubeUrl: null,
  }),
);
console.log(JSON.stringify({ banner, hero }));
