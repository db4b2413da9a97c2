/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { Heading, Img, Link, Section, Text } from '@react-email/components';
import { colors, EmailPage } from './email-parts';

/** One story as the digest shows it, its address already on the site. */
export interface DigestItem {
  id: string;
  title: string;
  description: string | null;
  href: string;
  /** An absolute address, shown for the lead story only: one picture keeps the e-mail light. */
  imageUrl: string | null;
}

/** The lead story, then the rest by topic in the navigation's order. */
export interface DigestContent {
  lead: DigestItem | null;
  topics: { name: string; items: DigestItem[] }[];
}

export interface DigestEmailProps {
  siteName: string;
  siteUrl: string;
  /** 'sexta-feira, 27 de novembro' */
  dayLabel: string;
  content: DigestContent;
  /** The reader's own link; null in a test e-mail, which goes to the newsroom only. */
  unsubscribeUrl: string | null;
}

const titleLink = { color: colors.ink, textDecoration: 'none' } as const;
const summary = { fontSize: '15px', lineHeight: '22px', color: colors.muted, margin: '4px 0 0' } as const;

function Story({ item, lead }: { item: DigestItem; lead: boolean }) {
  return (
    <Section style={{ margin: lead ? '8px 0 16px' : '12px 0' }}>
      {lead && item.imageUrl ? (
        <Link href={item.href}>
          <Img src={item.imageUrl} alt="" width="552" style={{ width: '100%', maxWidth: '552px', height: 'auto', borderRadius: '6px' }} />
        </Link>
      ) : null}
      <Heading as={lead ? 'h2' : 'h3'} style={{ fontSize: lead ? '22px' : '17px', lineHeight: lead ? '28px' : '23px', margin: '8px 0 0' }}>
        <Link href={item.href} style={titleLink}>
          {item.title}
        </Link>
      </Heading>
      {item.description ? <Text style={summary}>{item.description}</Text> : null}
    </Section>
  );
}

export function DigestEmail({ siteName, siteUrl, dayLabel, content, unsubscribeUrl }: DigestEmailProps) {
  const footer = unsubscribeUrl ? (
    <>
      {/* The link ends the footer: in the text part its address follows it, and nothing may touch the address (a
          mail app that keeps a glued ':' opens another one). */}
      Você recebe este e-mail porque se inscreveu no resumo diário do {siteName}. Para não receber mais e ter seu endereço apagado
      da lista:{' '}
      <Link href={unsubscribeUrl} style={{ color: colors.muted }}>
        cancele sua inscrição
      </Link>
    </>
  ) : (
    <>E-mail de teste do resumo diário, enviado pelo painel da redação: os leitores recebem aqui o link para cancelar a inscrição.</>
  );
  return (
    <EmailPage siteName={siteName} preview={content.lead?.title ?? 'As notícias de Porto Ferreira'} footerText={footer}>
      <Text style={{ fontSize: '14px', color: colors.muted, margin: '0 0 8px' }}>Resumo de {dayLabel}</Text>
      {content.lead ? <Story item={content.lead} lead /> : null}
      {content.topics.map((topic) => (
        <Section key={topic.name}>
          <Heading as="h2" style={{ fontSize: '13px', letterSpacing: '0.06em', textTransform: 'uppercase', color: colors.brand, margin: '20px 0 0' }}>
            {topic.name}
          </Heading>
          {topic.items.map((item) => (
            <Story key={item.id} item={item} lead={false} />
          ))}
        </Section>
      ))}
      <Text style={{ fontSize: '15px', margin: '20px 0 0' }}>
        <Link href={siteUrl} style={{ color: colors.brand, fontWeight: 700 }}>
          Todas as notícias em {new URL(siteUrl).host}
        </Link>
      </Text>
      {/* Reader support (decision 0054): one line, the page's address beside it in the text part. */}
      <Text style={{ fontSize: '15px', margin: '12px 0 0' }}>
        {/* The link ends the line: in the text part its address follows it, and nothing may touch the address. */}
        O jornalismo local se faz com o apoio de leitores.{' '}
        <Link href={new URL('apoie', siteUrl).href} style={{ color: colors.brand, fontWeight: 700 }}>
          Apoie com um Pix de qualquer valor
        </Link>
      </Text>
    </EmailPage>
  );
}

const previewSite = 'https://portoferreiranoticias.com.br';

// React Email's preview (`email dev --dir edge/emails`) renders each template's default export with its PreviewProps:
// a reader's digest with a lead story, a picture and two topics.
DigestEmail.PreviewProps = {
  siteName: 'Porto Ferreira Notícias',
  siteUrl: `${previewSite}/`,
  dayLabel: 'sexta-feira, 27 de novembro',
  content: {
    lead: {
      id: 'lead',
      title: 'Câmara aprova reforma da Praça da Matriz',
      description: 'A obra começa em março e deve durar oito meses.',
      href: `${previewSite}/noticia/lead/camara-aprova-reforma-da-praca-da-matriz`,
      imageUrl: `${previewSite}/storage/v1/object/public/publications/praca/original-800w.jpg`,
    },
    topics: [
      {
        name: 'Cultura',
        items: [
          { id: 'feira', title: 'Feira de cerâmica volta em maio', description: null, href: `${previewSite}/noticia/feira/feira-de-ceramica-volta-em-maio`, imageUrl: null },
        ],
      },
      {
        name: 'Esportes',
        items: [
          { id: 'copa', title: 'Ferroviária vence e lidera a Copa Regional', description: 'Foi a quarta vitória seguida.', href: `${previewSite}/noticia/copa/ferroviaria-vence`, imageUrl: null },
        ],
      },
    ],
  },
  unsubscribeUrl: `${previewSite}/newsletter/cancelar/5d0c1b2a-3e4f-4a6b-8c7d-9e0f1a2b3c4d`,
} satisfies DigestEmailProps;

export default DigestEmail;
