import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import { sanitizeRichText } from '../../../lib/rich-text/sanitize';
import { normalizeLinkInput, richTextExtensions } from './editor-extensions';

let editor: Editor | undefined;

const OWN_IMAGE = 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/publications/0b7a/original-1600w.jpg';

function makeEditor(content = '') {
  editor = new Editor({ extensions: richTextExtensions(), content });
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

describe('the editor schema and the sanitiser allow-list', () => {
  it('produces HTML that the sanitiser keeps unchanged, for everything the toolbar can make', () => {
    const e = makeEditor();
    e.chain()
      .insertContent('Título da matéria')
      .setHeading({ level: 2 })
      .run();
    e.chain().focus('end').splitBlock().setParagraph().insertContent('Texto ').run();
    e.chain().focus('end').setBold().insertContent('forte').unsetBold().insertContent(' e ').run();
    e.chain().focus('end').setItalic().insertContent('itálico').unsetItalic().run();
    e.chain().focus('end').insertContent(' com ').run();
    e.chain()
      .focus('end')
      .insertContent({ type: 'text', text: 'um link', marks: [{ type: 'link', attrs: { href: 'https://portoferreira.sp.gov.br' } }] })
      .run();
    e.commands.insertContentAt(e.state.doc.content.size, [
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Subtítulo' }] },
      { type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Intertítulo' }] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'um' }] }] },
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'dois' }] }] },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3 },
        content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'terceiro' }] }] }],
      },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Uma citação' }] }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'sublinhado', marks: [{ type: 'underline' }] },
          { type: 'hardBreak' },
          { type: 'text', text: 'riscado', marks: [{ type: 'strike' }] },
          { type: 'text', text: ' ' },
          { type: 'text', text: 'código', marks: [{ type: 'code' }] },
          { type: 'text', text: ' ' },
          { type: 'text', text: 'email', marks: [{ type: 'link', attrs: { href: 'mailto:redacao@example.com' } }] },
          { type: 'text', text: ' ' },
          { type: 'text', text: 'telefone', marks: [{ type: 'link', attrs: { href: 'tel:+551935810000' } }] },
        ],
      },
      { type: 'horizontalRule' },
      { type: 'figureImage', attrs: { src: OWN_IMAGE, alt: 'Praça "da Matriz" & coreto', width: 1600, height: 900, credit: 'Ana Lima' } },
      { type: 'figureImage', attrs: { src: OWN_IMAGE, alt: 'Sem crédito', width: null, height: null, credit: null } },
    ]);

    const html = e.getHTML();
    // Everything made it in (a check that the test exercises what it claims to).
    for (const tag of ['<h2>', '<h3>', '<h4>', '<strong>', '<em>', '<a ', '<ul>', '<ol start="3">', '<li>', '<blockquote>', '<u>', '<s>', '<code>', '<br>', '<hr>', '<figure>', '<img ', '<figcaption>Foto: Ana Lima</figcaption>']) {
      expect(html).toContain(tag);
    }
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps a saved, sanitised document identical when it is opened in the editor again', () => {
    const stored = sanitizeRichText(
      '<h2>Obras</h2><p>Veja <a href="https://example.com/x">o edital</a> e <strong>participe</strong>.</p><ul><li><p>item</p></li></ul>',
    );
    const reopened = makeEditor(stored).getHTML();
    expect(sanitizeRichText(reopened)).toBe(reopened);
    // Same document (attribute order aside, which HTML does not give meaning to).
    const parse = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.content;
    };
    expect(parse(reopened).isEqualNode(parse(stored))).toBe(true);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/a'])('never turns %s into a link', (href) => {
    const e = makeEditor(`<p><a href="${href}">clique</a></p>`);
    expect(e.getHTML()).toBe('<p>clique</p>');
    expect(e.chain().selectAll().setLink({ href }).run()).toBe(false);
    expect(e.getHTML()).not.toContain('href');
  });

  it('offers no h1, h5, h6 or code block, which the allow-list lacks', () => {
    const e = makeEditor('<h1>a</h1><h5>b</h5><h6>c</h6><pre><code class="language-js">d</code></pre>');
    const html = e.getHTML();
    expect(html).not.toMatch(/<h1|<h5|<h6|<pre/);
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe('images inside the body', () => {
  it('inserts a figure with the image, its alt, its size and the credit, which the sanitiser keeps', () => {
    const e = makeEditor('<p>Antes</p>');
    e.chain().focus('end').insertFigureImage({ src: OWN_IMAGE, alt: 'Coreto', width: 1200, height: 800, credit: 'Ana' }).run();
    const html = e.getHTML();
    expect(html).toContain(`<figure><img src="${OWN_IMAGE}" alt="Coreto" width="1200" height="800"><figcaption>Foto: Ana</figcaption></figure>`);
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('reopens a stored figure as it was, and turns a bare image of ours into a figure', () => {
    const stored = `<figure><img src="${OWN_IMAGE}" alt="Coreto" width="1200" height="800"><figcaption>Foto: Ana</figcaption></figure>`;
    expect(makeEditor(stored).getHTML()).toBe(stored);
    editor?.destroy();
    expect(makeEditor(`<p><img src="${OWN_IMAGE}" alt="x"></p>`).getHTML()).toContain(`<figure><img src="${OWN_IMAGE}" alt="x"></figure>`);
  });

  it.each(['https://evil.example/x.jpg', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)'])('never takes in an image from %s', (src) => {
    const html = makeEditor(`<p>a</p><figure><img src="${src}" alt="x"><figcaption>Foto: y</figcaption></figure><img src="${src}">`).getHTML();
    expect(html).not.toContain('<img');
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe('normalizeLinkInput', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a?b=1', 'http://example.com/a?b=1'],
    ['  www.portoferreira.sp.gov.br ', 'https://www.portoferreira.sp.gov.br'],
    ['redacao@example.com', 'mailto:redacao@example.com'],
    ['mailto:redacao@example.com', 'mailto:redacao@example.com'],
    ['tel:+551935810000', 'tel:+551935810000'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalizeLinkInput(input)).toBe(expected);
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'texto solto', 'vbscript:x'])('refuses %s', (input) => {
    expect(normalizeLinkInput(input)).toBeNull();
  });
});
