// Fixed ids that tests rely on: the topics of supabase/migrations/20261126090000_navigation_topics.sql and the demo
// content of supabase/seed.sql.
export const seed = {
  topics: {
    local: '11111111-1111-4111-8111-000000000001',
    politica: '11111111-1111-4111-8111-000000000002',
    economia: '11111111-1111-4111-8111-000000000003',
  },
  publications: {
    /** Published, topic local, the most read. */
    mostRead: '22222222-2222-4222-8222-000000000001',
    publishedLocal: '22222222-2222-4222-8222-000000000003',
    draft: '22222222-2222-4222-8222-00000000d001',
  },
  publishedPublicationCount: 12,
  publishedLocalCount: 5,
  obituaries: { published: '33333333-3333-4333-8333-000000000001', draft: '33333333-3333-4333-8333-000000000004' },
  publishedObituaryCount: 3,
  publishedJobCount: 3,
} as const;

/** The smallest valid PNG (1×1), for uploads. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
