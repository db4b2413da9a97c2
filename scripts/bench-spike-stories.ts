import { paths } from '../src/lib/paths.ts';
import { createSupabaseClient, type Client } from '../src/services/client.ts';
import { savePublication } from '../src/services/publication-admin.ts';
import { listTopics } from '../src/services/topic-admin.ts';
import type { SpikeSite } from './bench-spike-site.ts';

// The newsroom's 40 stories, published through the API as the panel publishes them (signed in as the administrator,
// the panel's save), spread over the topics, so every reader page has a full list to render.

export const STORY_COUNT = 40;
/** In a few stories' text: the benchmark's search finds them (accents are ignored by the site's search). */
export const SEARCH_TERM = 'ceramica';

const SUBJECTS = ['Prefeitura', 'Câmara Municipal', 'Secretaria de Saúde', 'Escola estadual', 'Defesa Civil', 'Associação comercial', 'Santa Casa', 'Time de futsal'];
const OBJECTS = ['reforma da praça central', 'campanha de vacinação', 'festival de cerâmica', 'obras na ponte do rio Mogi-Guaçu', 'feira de artesanato', 'coleta seletiva', 'novo posto de saúde', 'torneio regional'];
const SENTENCES = [
  'Segundo a assessoria, o investimento previsto é de R$ 450 mil, com recursos do governo estadual.',
  'Os moradores podem tirar dúvidas pelo telefone da ouvidoria, de segunda a sexta-feira.',
  'A expectativa é que os trabalhos terminem antes do início das chuvas de verão.',
  'O vereador autor do pedido afirmou que a comunidade aguardava a medida havia anos.',
  'Artesãos da cerâmica, tradição da cidade, expõem peças na estação ferroviária.',
  'O trânsito na região será desviado durante a semana, com sinalização e agentes no local.',
  'A atividade é gratuita e aberta a todas as idades, com inscrições pela internet.',
  'Comerciantes relatam aumento do movimento desde o começo do mês.',
];

export interface BenchStory {
  id: string;
  title: string;
  description: string;
  content: string;
  /** Its readable address, as the site links it (no redirect on the way). */
  path: string;
}

/** supabase-js signed in as the site's administrator (the panel's session). */
export async function signedInAdmin(site: SpikeSite): Promise<Client> {
  const client = createSupabaseClient(site.apiUrl, site.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(site.admin);
  if (error) throw new Error(`signing in as the administrator failed: ${error.message}`);
  return client;
}

/** Six paragraphs of local news; the n-th story's own words, so no two bodies are the same. */
export function storyBody(n: number): string {
  return Array.from({ length: 6 }, (_, p) => {
    const sentences = [0, 1, 2].map((s) => SENTENCES[(n + p * 3 + s) % SENTENCES.length]);
    return `<p>${sentences.join(' ')}</p>`;
  }).join('');
}

/** Publishes the stories, the first one newest; resolves with them in that order. */
export async function publishStories(admin: Client): Promise<BenchStory[]> {
  const topics = await listTopics(admin);
  if (topics.length === 0) throw new Error('the site has no topics to publish in');
  const stories: BenchStory[] = [];
  // Oldest first, so the first story is the newest (the home page's and the feed's first item).
  for (let n = STORY_COUNT - 1; n >= 0; n -= 1) {
    const title = `${SUBJECTS[n % SUBJECTS.length]} anuncia ${OBJECTS[(n * 3) % OBJECTS.length]} (${n + 1})`;
    const content = storyBody(n);
    const description = `${SUBJECTS[n % SUBJECTS.length]} detalha o cronograma; a população pode participar.`;
    const saved = await savePublication(admin, {
      title,
      description,
      content,
      image_url: null,
      image_alt: null,
      image_credit: null,
      youtube_url: null,
      topic_id: topics[n % topics.length]!.id,
      published: true,
      publish_at: null,
      is_lead: n === 0,
      signed: false,
      sponsor_name: null,
    });
    stories.unshift({ id: saved.id, title, description, content, path: paths.article(saved.id, title) });
  }
  return stories;
}
