/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { Button, Heading, Link, Text } from '@react-email/components';
import { colors, EmailPage } from './email-parts';

// Reader support's e-mails (docs/decisions/0054): the thank-you once staff find the payment, and a monthly
// supporter's reminder with a fresh code and its one-click stop (the digest's rules: RFC 8058 headers and a link).

const text = { fontSize: '16px', lineHeight: '24px' } as const;

export function ThankYouEmail({ siteName, name, amount, supportUrl }: { siteName: string; name: string | null; amount: string; supportUrl: string }) {
  return (
    <EmailPage
      siteName={siteName}
      preview={`Recebemos seu apoio de ${amount}`}
      footerText="Você recebe este e-mail porque deixou seu endereço ao apoiar o jornal. Não enviaremos outros, a não ser que tenha pedido o lembrete mensal."
    >
      <Heading as="h1" style={{ fontSize: '20px', margin: '16px 0 8px' }}>
        Obrigado{name ? `, ${name}` : ''}!
      </Heading>
      <Text style={text}>
        Recebemos seu Pix de {amount}. É o apoio de leitores como você que mantém o jornalismo local de Porto Ferreira de pé: cada real vira
        apuração, reportagem e serviço para a cidade.
      </Text>
      <Text style={{ fontSize: '14px', lineHeight: '20px', color: colors.muted }}>
        Conheça o que fazemos com o seu apoio: <Link href={supportUrl}>{supportUrl}</Link>
      </Text>
    </EmailPage>
  );
}

export function SupportReminderEmail({
  siteName,
  name,
  amount,
  codeUrl,
  payload,
  stopUrl,
}: {
  siteName: string;
  name: string | null;
  amount: string;
  codeUrl: string;
  payload: string;
  stopUrl: string;
}) {
  return (
    <EmailPage
      siteName={siteName}
      preview={`Seu apoio mensal de ${amount}: o código Pix deste mês`}
      footerText={
        <>
          Você pediu um lembrete mensal ao apoiar o jornal. Para não receber mais, use{' '}
          <Link href={stopUrl}>parar os lembretes</Link>: {stopUrl}
        </>
      }
    >
      <Heading as="h1" style={{ fontSize: '20px', margin: '16px 0 8px' }}>
        {name ? `${name}, seu` : 'Seu'} apoio mensal ao jornalismo local
      </Heading>
      <Text style={text}>
        Como você pediu, aqui está o código Pix deste mês para o seu apoio de {amount}. O QR code está na página abaixo; no app do banco, você
        também pode usar o Pix Copia e Cola.
      </Text>
      <Button href={codeUrl} style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 700 }}>
        Ver o QR code
      </Button>
      <Text style={{ fontSize: '14px', lineHeight: '20px' }}>Pix Copia e Cola:</Text>
      <Text style={{ fontSize: '13px', lineHeight: '18px', fontFamily: 'monospace', wordBreak: 'break-all' }}>{payload}</Text>
      <Text style={{ fontSize: '14px', lineHeight: '20px', color: colors.muted }}>
        Ou abra este endereço: <Link href={codeUrl}>{codeUrl}</Link>
      </Text>
    </EmailPage>
  );
}

ThankYouEmail.PreviewProps = {
  siteName: 'Porto Ferreira Notícias',
  name: 'Ana',
  amount: 'R$ 25,00',
  supportUrl: 'https://portoferreiranoticias.com.br/apoie',
} satisfies Parameters<typeof ThankYouEmail>[0];

export default ThankYouEmail;
