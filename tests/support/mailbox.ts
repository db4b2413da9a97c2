// The local backend's mailbox (docs/decisions/0013), as tests read it: JSON at /__mailbox/messages.

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string;
  date: string;
}

/** The messages sent to `to`, newest first. */
export async function mailTo(baseUrl: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl}/__mailbox/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /__mailbox/messages → ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/** The newest message's link to `to`; fails when there is none. */
export async function latestLinkTo(baseUrl: string, to: string): Promise<string> {
  const [message] = await mailTo(baseUrl, to);
  if (!message) throw new Error(`no e-mail to ${to} in the local mailbox`);
  return message.link;
}

/** Follows a link one hop, as a browser would: where its 303 sends it. */
export async function redirectOf(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`${link} answered ${response.status}, not a 303`);
  return new URL(location);
}
