/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { Button, Heading, Link, Text } from '@react-email/components';
import { colors, EmailPage } from './email-parts';

export const CONFIRMATION_SUBJECT = 'Confirme sua inscrição no resumo diário';

/** The double opt-in's e-mail: one link activates the subscription; without it the address is gone in 7 days. */
export function ConfirmationEmail({ siteName, confirmUrl }: { siteName: string; confirmUrl: string }) {
  return (
    <EmailPage
      siteName={siteName}
      preview="Falta um passo para receber as notícias de Porto Ferreira"
      footerText={`Se não foi você quem pediu, ignore este e-mail: sem a confirmação, o endereço é apagado em 7 dias.`}
    >
      <Heading as="h1" style={{ fontSize: '20px', margin: '16px 0 8px' }}>
        Receba as notícias de Porto Ferreira
      </Heading>
      <Text style={{ fontSize: '16px', lineHeight: '24px' }}>
        Recebemos um pedido para enviar o resumo diário do {siteName} para este endereço. Para confirmar, use o botão abaixo.
      </Text>
      <Button
        href={confirmUrl}
        style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 700 }}
      >
        Confirmar inscrição
      </Button>
      <Text style={{ fontSize: '14px', lineHeight: '20px', color: colors.muted }}>
        Ou abra este endereço: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
    </EmailPage>
  );
}

// React Email's preview (`email dev --dir edge/emails`) renders each template's default export with its PreviewProps.
ConfirmationEmail.PreviewProps = {
  siteName: 'Porto Ferreira Notícias',
  confirmUrl: 'https://portoferreiranoticias.com.br/newsletter/confirmar/0b6f7a52-6c1e-4f7e-9d8a-2f1c3e4b5a69',
} satisfies Parameters<typeof ConfirmationEmail>[0];

export default ConfirmationEmail;
