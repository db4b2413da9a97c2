import { useState, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Heading4, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { LinkDialog } from './link-dialog';
import type { UploadImage } from '../shared/image-upload-field';
import { InsertImageDialog, type MeasureImage } from './insert-image-dialog';

function ToolbarButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // A mouse press must not take focus (and the selection) out of the document being edited: typing right
      // after pressing 'Negrito' continues in the text. Keyboard users still reach and press the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md disabled:opacity-40 ${
        active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200'
      }`}
    >
      {children}
    </button>
  );
}

const separator = <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />;

/** The toolbar of docs/product.md §12: bold, italic, headings, lists, quote, link, undo and redo; an image when it can upload. */
export function EditorToolbar({ editor, uploadImage, measureImage }: { editor: Editor; uploadImage?: UploadImage; measureImage?: MeasureImage }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();

  return (
    <div role="toolbar" aria-label="Formatação do texto" className="flex flex-wrap items-center gap-0.5 border-b border-slate-300 bg-slate-50 p-1">
      <ToolbarButton label="Negrito" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Icon node={Bold} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Itálico" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Icon node={Italic} className="h-4 w-4" />
      </ToolbarButton>
      {separator}
      <ToolbarButton label="Título de seção" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Icon node={Heading2} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Subtítulo de seção" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Icon node={Heading3} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Intertítulo" active={state.h4} onClick={() => chain().toggleHeading({ level: 4 }).run()}>
        <Icon node={Heading4} className="h-4 w-4" />
      </ToolbarButton>
      {separator}
      <ToolbarButton label="Lista com marcadores" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <Icon node={List} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Lista numerada" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <Icon node={ListOrdered} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Citação" active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Icon node={Quote} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Link" active={state.link} onClick={() => setLinkOpen(true)}>
        <Icon node={Link2} className="h-4 w-4" />
      </ToolbarButton>
      {uploadImage && (
        <ToolbarButton label="Inserir imagem" onClick={() => setImageOpen(true)}>
          <Icon node={ImagePlus} className="h-4 w-4" />
        </ToolbarButton>
      )}
      {separator}
      <ToolbarButton label="Desfazer" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Icon node={Undo2} className="h-4 w-4" />
      </ToolbarButton>
      <ToolbarButton label="Refazer" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Icon node={Redo2} className="h-4 w-4" />
      </ToolbarButton>
      {uploadImage && (
        <InsertImageDialog
          open={imageOpen}
          upload={uploadImage}
          measure={measureImage}
          onClose={() => setImageOpen(false)}
          onInsert={(attributes) => {
            setImageOpen(false);
            chain().insertFigureImage(attributes).run();
          }}
        />
      )}
      <LinkDialog
        open={linkOpen}
        initialHref={state.href}
        onClose={() => setLinkOpen(false)}
        onRemove={() => {
          setLinkOpen(false);
          chain().extendMarkRange('link').unsetLink().run();
        }}
        onApply={(href) => {
          setLinkOpen(false);
          if (editor.state.selection.empty && !state.link) {
            // Nothing selected: insert the address itself as the link's text.
            chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          } else {
            chain().extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
    </div>
  );
}
