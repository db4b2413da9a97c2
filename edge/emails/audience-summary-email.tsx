/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { Heading, Link, Section, Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { colors, EmailPage } from './email-parts';

// The weekly audience summary (issue 38 point 5, docs/decisions/0053): last week's top stories, sources and the
// digest's figures, for the Administradores and Editores who asked for it on 'Minha conta'.

export interface SummaryLine {
  label: string;
  value: string;
}

export interface SummaryStory {
  title: string;
  href: string;
  figures: string;
}

export interface AudienceSummaryContent {
  weekLabel: string;
  totals: SummaryLine[];
  stories: SummaryStory[];
  sources: SummaryLine[];
  digest: SummaryLine[];
}

const h2: CSSProperties = { fontSize: '17px', margin: '20px 0 6px' };
const line: CSSProperties = { fontSize: '15px', lineHeight: '22px', margin: '2px 0' };
const muted: CSSProperties = { ...line, color: colors.muted };

function Lines({ lines }: { lines: SummaryLine[] }) {
  return (
    <Section>
      {lines.map((entry) => (
        <Text key={entry.label} style={line}>
          {entry.label}: <strong>{entry.value}</strong>
        </Text>
      ))}
    </Section>
  );
}

export function AudienceSummaryEmail({
  siteName,
  audienceUrl,
  accountUrl,
  content,
}: {
  siteName: string;
  audienceUrl: string;
  accountUrl: string;
  content: AudienceSummaryContent;
}) {
  return (
    <EmailPage
      siteName={siteName}
      preview={`A audiência da semana: ${content.weekLabel}`}
      footerText={
        <>
          Você recebe este resumo porque pediu em “Minha conta” no painel. Para não receber mais, desmarque a opção em{' '}
          <Link href={accountUrl}>{accountUrl}</Link>.
        </>
      }
    >
      <Heading as="h1" style={{ fontSize: '20px', margin: '16px 0 4px' }}>
        A audiência da semana
      </Heading>
      <Text style={muted}>{content.weekLabel}</Text>
      <Lines lines={content.totals} />

      <Heading as="h2" style={h2}>
        Matérias mais lidas
      </Heading>
      {content.stories.length === 0 ? (
        <Text style={muted}>Nenhuma matéria lida na semana.</Text>
      ) : (
        content.stories.map((story, index) => (
          <Text key={story.href} style={line}>
            {index + 1}. <Link href={story.href}>{story.title}</Link> <span style={{ color: colors.muted }}>({story.figures})</span>
          </Text>
        ))
      )}

      <Heading as="h2" style={h2}>
        De onde vieram os leitores
      </Heading>
      {content.sources.length === 0 ? <Text style={muted}>Nenhuma visita registrada.</Text> : <Lines lines={content.sources} />}

      <Heading as="h2" style={h2}>
        Newsletter
      </Heading>
      <Lines lines={content.digest} />

      <Text style={{ ...line, marginTop: '20px' }}>
        Todos os números, por dia e por matéria: <Link href={audienceUrl}>{audienceUrl}</Link>
      </Text>
    </EmailPage>
  );
}

AudienceSummaryEmail.PreviewProps = {
  siteName: 'Porto Ferreira Notícias',
  audienceUrl: 'https://portoferreiranoticias.com.br/admin/audiencia?periodo=7',
  accountUrl: 'https://portoferreiranoticias.com.br/admin/conta',
  content: {
    weekLabel: '23/11/2026 a 29/11/2026',
    totals: [
      { label: 'Visualizações', value: '12.345' },
      { label: 'Leitores únicos (somados dia a dia)', value: '8.210' },
    ],
    stories: [{ title: 'Ponte do rio Mogi-Guaçu reaberta', href: 'https://portoferreiranoticias.com.br/noticia/1', figures: '2.340 visualizações, 1.980 leitores, leitura média 61%' }],
    sources: [{ label: 'WhatsApp', value: '5.120' }],
    digest: [{ label: 'Envios', value: '7' }],
  },
} satisfies Parameters<typeof AudienceSummaryEmail>[0];

export default AudienceSummaryEmail;
