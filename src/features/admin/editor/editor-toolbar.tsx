import { Fragment, useState } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Heading4, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide';
import { Icon, type IconNode } from '../../../components/ui/icon';
import { LinkDialog } from './link-dialog';
import type { UploadImage } from '../shared/image-upload-field';
import { InsertImageDialog, type MeasureImage } from './insert-image-dialog';

/** One toolbar button: its name (also the tooltip), icon, pressed state for a toggle, and what it does. */
interface ToolbarAction {
  label: string;
  icon: IconNode;
  /** Set for a toggle (bold, a heading, a list): the button is then aria-pressed. */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

function ToolbarButton({ action: { label, icon, active, disabled, run } }: { action: ToolbarAction }) {
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
      onClick={run}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md disabled:opacity-40 ${
        active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200'
      }`}
    >
      <Icon node={icon} className="h-4 w-4" />
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

  // The buttons in their groups, a separator between groups; the image button only where the form can upload.
  const groups: readonly (readonly ToolbarAction[])[] = [
    [
      { label: 'Negrito', icon: Bold, active: state.bold, run: () => chain().toggleBold().run() },
      { label: 'Itálico', icon: Italic, active: state.italic, run: () => chain().toggleItalic().run() },
    ],
    [
      { label: 'Título de seção', icon: Heading2, active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
      { label: 'Subtítulo de seção', icon: Heading3, active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
      { label: 'Intertítulo', icon: Heading4, active: state.h4, run: () => chain().toggleHeading({ level: 4 }).run() },
    ],
    [
      { label: 'Lista com marcadores', icon: List, active: state.bulletList, run: () => chain().toggleBulletList().run() },
      { label: 'Lista numerada', icon: ListOrdered, active: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { label: 'Citação', icon: Quote, active: state.blockquote, run: () => chain().toggleBlockquote().run() },
      { label: 'Link', icon: Link2, active: state.link, run: () => setLinkOpen(true) },
      ...(uploadImage ? [{ label: 'Inserir imagem', icon: ImagePlus, run: () => setImageOpen(true) }] : []),
    ],
    [
      { label: 'Desfazer', icon: Undo2, disabled: !state.canUndo, run: () => chain().undo().run() },
      { label: 'Refazer', icon: Redo2, disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
  ];

  return (
    <div role="toolbar" aria-label="Formatação do texto" className="flex flex-wrap items-center gap-0.5 border-b border-slate-300 bg-slate-50 p-1">
      {groups.map((group, index) => (
        <Fragment key={group[0]?.label}>
          {index > 0 && separator}
          {group.map((action) => (
            <ToolbarButton key={action.label} action={action} />
          ))}
        </Fragment>
      ))}
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
