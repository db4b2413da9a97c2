import type { Database } from '../../local-supabase/src/db/database.ts';

// Audience figures arranged as the database owner, for the reading side's tests (docs/decisions/0053): what the
// beacon's function (issue 38's collecting half) would have written, day by day, without going through it. Days are
// São Paulo days counted back from the database's clock, so the tests agree with the functions' periods.

export interface AudienceStory {
  id: string;
  title: string;
  path: string;
  /** The signature readers see; null for 'Redação'. */
  byline: string | null;
}

export interface AudienceFixture {
  /** Told apart by views: `lead` is read most, today and before; `older` only 10 days ago. */
  lead: AudienceStory;
  second: AudienceStory;
  older: AudienceStory;
}

async function story(db: Database, title: string, signedBy: string | null, topicSlug: string): Promise<AudienceStory> {
  // A signed story's byline is written by the database from its author's profile name.
  const { rows } = await db.query<{ id: string; byline: string | null }>(
    `insert into public.publications (title, description, content, published, published_at, topic_id, signed, author_id)
     values ($1, 'Resumo', '<p>Texto</p>', true, now() - interval '12 days', (select id from public.topics where slug = $3), $2::uuid is not null,
             $2)
     returning id, byline`,
    [title, signedBy, topicSlug],
  );
  const row = rows[0]!;
  return { id: row.id, title, path: `/noticia/${row.id}`, byline: row.byline };
}

/** One row of public.audience_days, `daysAgo` São Paulo days before today. */
export async function addAudienceDay(
  db: Database,
  row: {
    daysAgo: number;
    path: string;
    pageType?: string;
    publicationId?: string | null;
    source: string;
    sourceHost?: string;
    campaign?: string;
    device: 'mobile' | 'tablet' | 'desktop';
    views: number;
    readers: number;
    depth?: [number, number, number, number];
    visibleSeconds?: number;
  },
): Promise<void> {
  const [r25, r50, r75, r100] = row.depth ?? [0, 0, 0, 0];
  await db.query(
    `insert into public.audience_days (day, path, page_type, publication_id, source, source_host, campaign, device, views, readers,
                                       read_25, read_50, read_75, read_100, visible_seconds)
     values (private.sao_paulo_date(private.clock_now()) - $1::integer, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [row.daysAgo, row.path, row.pageType ?? (row.publicationId ? 'article' : 'home'), row.publicationId ?? null, row.source,
      row.sourceHost ?? '', row.campaign ?? '', row.device, row.views, row.readers, r25, r50, r75, r100, row.visibleSeconds ?? 0],
  );
}

export async function addPageReaders(db: Database, daysAgo: number, path: string, readers: number): Promise<void> {
  await db.query(
    `insert into public.audience_page_readers (day, path, readers) values (private.sao_paulo_date(private.clock_now()) - $1::integer, $2, $3)
     on conflict (day, path) do update set readers = excluded.readers`,
    [daysAgo, path, readers],
  );
}

export async function addVitals(db: Database, daysAgo: number, pageType: string, device: string, metric: string, bins: [number, number][]): Promise<void> {
  for (const [bucket, samples] of bins) {
    await db.query(
      `insert into public.audience_vitals_days (day, page_type, device, metric, bucket, samples)
       values (private.sao_paulo_date(private.clock_now()) - $1::integer, $2, $3, $4, $5, $6)`,
      [daysAgo, pageType, device, metric, bucket, samples],
    );
  }
}

/** A reader mark seen `secondsAgo` seconds before the database's clock ('readers now'). */
export async function addReaderMark(db: Database, readerHash: string, secondsAgo: number): Promise<void> {
  await db.query(
    `insert into private.audience_marks (day, reader_hash, path, source, device, first_seen_at, last_seen_at)
     values (private.sao_paulo_date(private.clock_now()), $1, '/', 'direct', 'mobile',
             private.clock_now() - make_interval(secs => $2), private.clock_now() - make_interval(secs => $2))`,
    [readerHash, secondsAgo],
  );
}

/**
 * A small newsroom's week (`authorId` signs two of the stories): three stories (two topics, two signatures and 'Redação'), visits from WhatsApp, Google,
 * the digest and direct, read depth, the home page, Web Vitals, a digest send and an unsubscribe, and readers now.
 */
export async function seedAudience(db: Database, { label = 'Audiência', authorId }: { label?: string; authorId: string }): Promise<AudienceFixture> {
  const lead = await story(db, `${label}: ponte do rio Mogi-Guaçu reaberta`, authorId, 'local');
  const second = await story(db, `${label}: Câmara aprova orçamento`, null, 'politica');
  const older = await story(db, `${label}: festival de cerâmica`, authorId, 'cultura');

  // Today: the lead story from WhatsApp (phones) and Google (computers), the second from the digest.
  await addAudienceDay(db, { daysAgo: 0, path: lead.path, publicationId: lead.id, source: 'whatsapp', device: 'mobile', views: 40, readers: 30, depth: [36, 30, 20, 12], visibleSeconds: 2400 });
  await addAudienceDay(db, { daysAgo: 0, path: lead.path, publicationId: lead.id, source: 'google-search', device: 'desktop', views: 20, readers: 18, depth: [18, 14, 10, 8], visibleSeconds: 1500 });
  await addAudienceDay(db, { daysAgo: 0, path: second.path, publicationId: second.id, source: 'digest', campaign: 'resumo-hoje', device: 'mobile', views: 12, readers: 12, depth: [10, 6, 4, 2], visibleSeconds: 600 });
  await addAudienceDay(db, { daysAgo: 0, path: '/', source: 'direct', device: 'mobile', views: 50, readers: 35 });
  await addPageReaders(db, 0, lead.path, 45);
  await addPageReaders(db, 0, second.path, 12);
  await addPageReaders(db, 0, '/', 35);
  await addPageReaders(db, 0, '', 70);
  // Three days ago: more of the lead story; ten days ago: the older one.
  await addAudienceDay(db, { daysAgo: 3, path: lead.path, publicationId: lead.id, source: 'facebook', device: 'mobile', views: 30, readers: 25, depth: [20, 15, 10, 5] });
  await addPageReaders(db, 3, lead.path, 25);
  await addPageReaders(db, 3, '', 25);
  await addAudienceDay(db, { daysAgo: 10, path: older.path, publicationId: older.id, source: 'direct', device: 'desktop', views: 80, readers: 60, depth: [70, 50, 30, 15] });
  await addPageReaders(db, 10, older.path, 60);
  await addPageReaders(db, 10, '', 60);

  // Web Vitals today on story pages by phone: LCP 1.2 s ×6, 2.5 s ×2, 3.0 s ×2 → p75 2500 ms, 80% good.
  await addVitals(db, 0, 'article', 'mobile', 'LCP', [[1200, 6], [2500, 2], [3000, 2]]);
  await addVitals(db, 0, 'article', 'mobile', 'INP', [[100, 3], [300, 1]]);
  await addVitals(db, 0, 'article', 'mobile', 'CLS', [[0.05, 4]]);

  // The digest: a send this morning to 40 readers (38 delivered, 2 refused) and one reader who left it today.
  await db.query(
    `insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, story_count, recipient_count, sent_count, failed_count, started_at, finished_at)
     values (private.sao_paulo_date(private.clock_now()), false, 'enviado', private.clock_now() - interval '1 day', private.clock_now() - interval '1 minute', 3, 40, 38, 2,
             private.clock_now() - interval '1 minute', private.clock_now() - interval '1 minute')`,
  );
  await db.query(
    `insert into public.newsletter_unsubscribe_days (day, unsubscribes) values (private.sao_paulo_date(private.clock_now()), 1)
     on conflict (day) do update set unsubscribes = public.newsletter_unsubscribe_days.unsubscribes + 1`,
  );

  // Readers now: two within the last 5 minutes, one an hour ago.
  await addReaderMark(db, `${label}-leitor-1`, 30);
  await addReaderMark(db, `${label}-leitor-2`, 200);
  await addReaderMark(db, `${label}-leitor-antigo`, 3600);
  return { lead, second, older };
}
