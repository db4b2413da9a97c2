import { render } from '@react-email/render';
import { createElement, type FunctionComponent } from 'react';
import { describe, expect, it } from 'vitest';
import ConfirmationEmail from './confirmation-email';
import DigestEmail from './digest-email';
import AudienceSummaryEmail from './audience-summary-email';

// The React Email project's contract: each template is its file's default export with PreviewProps that render it, as
// the preview server (`email dev --dir edge/emails`) does. The newsletter's tests cover the messages themselves.

type Template<Props> = FunctionComponent<Props> & { PreviewProps: Props };

async function preview<Props extends object>(template: Template<Props>) {
  const element = createElement(template, template.PreviewProps);
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

describe('edge/emails: each template with its preview data', () => {
  it('renders the confirmation e-mail with its link in both parts', async () => {
    const { html, text } = await preview(ConfirmationEmail as Template<typeof ConfirmationEmail.PreviewProps>);
    expect(html).toContain(`href="${ConfirmationEmail.PreviewProps.confirmUrl}"`);
    expect(text).toContain(ConfirmationEmail.PreviewProps.confirmUrl);
    expect(text).toContain('Confirmar inscrição');
  });

  it('renders the digest with its lead story, every topic and the unsubscribe link', async () => {
    const { html, text } = await preview(DigestEmail as Template<typeof DigestEmail.PreviewProps>);
    const { content, unsubscribeUrl } = DigestEmail.PreviewProps;
    expect(html).toContain(`src="${content.lead.imageUrl}"`);
    for (const topic of content.topics) expect(html).toContain(topic.items[0]!.title);
    expect(text).toContain(unsubscribeUrl);
    expect(html).toContain(`href="${unsubscribeUrl}"`);
  });

  it('renders the weekly audience summary with its stories, sources and the way to stop it', async () => {
    const { html, text } = await preview(AudienceSummaryEmail as Template<typeof AudienceSummaryEmail.PreviewProps>);
    const { content, accountUrl, audienceUrl } = AudienceSummaryEmail.PreviewProps;
    expect(html).toContain(`href="${content.stories[0]!.href}"`);
    expect(text).toContain(content.stories[0]!.title);
    expect(text).toContain('WhatsApp: 5.120');
    expect(text).toContain(accountUrl);
    expect(html).toContain(`href="${audienceUrl}"`);
  });
});
