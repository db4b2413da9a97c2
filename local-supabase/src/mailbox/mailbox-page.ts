import type { StoredMailMessage } from './mailbox-store.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' });

/** The message's text, escaped, with its link made clickable wherever it appears. */
function bodyHtml(message: StoredMailMessage): string {
  const anchor = `<a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a>`;
  return message.link ? message.text.split(message.link).map(escapeHtml).join(anchor) : escapeHtml(message.text);
}

function messageHtml(message: StoredMailMessage): string {
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">Para: ${escapeHtml(message.to)} · ${escapeHtml(dateFormat.format(message.date))}</p>
  <pre>${bodyHtml(message)}</pre>
</article>`;
}

/** The local mailbox page: every message, newest first, in pt-BR like the app. */
export function mailboxPage(messages: readonly StoredMailMessage[]): string {
  const list = messages.length > 0 ? messages.map(messageHtml).join('\n') : '<p>Nenhuma mensagem.</p>';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Caixa de e-mails local</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
article { border: 1px solid #cbd5e1; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #475569; font-size: .875rem; margin: 0 0 .75rem; }
pre { white-space: pre-wrap; word-break: break-all; font-family: inherit; margin: 0; }
</style>
</head>
<body>
<h1>Caixa de e-mails local</h1>
<p>O que o backend local teria enviado por e-mail (um projeto Supabase hospedado envia de verdade).</p>
${list}
</body>
</html>
`;
}
