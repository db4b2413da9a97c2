/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { Body, Container, Head, Hr, Html, Preview, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

// What every e-mail of the site shares: the page, the masthead, the footer. React Email writes the table layout and
// inline styles that Gmail, Outlook and phones' mail apps read alike; the styles here are the site's colours.

export const colors = { ink: '#0f172a', muted: '#475569', brand: '#1d4ed8', rule: '#e2e8f0', page: '#f1f5f9' } as const;

const body: CSSProperties = { backgroundColor: colors.page, fontFamily: 'Arial, Helvetica, sans-serif', color: colors.ink, margin: 0 };
const container: CSSProperties = { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px' };
const masthead: CSSProperties = { fontSize: '22px', fontWeight: 700, color: colors.brand, margin: '0 0 4px' };
const footer: CSSProperties = { fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '8px 0 0' };

export function EmailPage({ siteName, preview, footerText, children }: { siteName: string; preview: string; footerText: ReactNode; children: ReactNode }) {
  return (
    <Html lang="pt-BR">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={masthead}>{siteName}</Text>
          {children}
          <Hr style={{ borderColor: colors.rule, margin: '24px 0 8px' }} />
          <Text style={footer}>{footerText}</Text>
        </Container>
      </Body>
    </Html>
  );
}
