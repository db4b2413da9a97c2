import { EditorContent, useEditor } from '@tiptap/react';
import { EditorToolbar } from './editor-toolbar';
import { richTextExtensions } from './editor-extensions';
import type { UploadImage } from '../shared/image-upload-field';
import type { MeasureImage } from './insert-image-dialog';
import './prosemirror.css';

export interface RichTextEditorProps {
  /** The id of the visible label, read as the editing area's name. */
  labelId: string;
  /** The HTML to start from; later changes of this prop are ignored (remount with a key to replace the content). */
  initialContent: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Uploads an image for the body (the main image's pipeline); without it the toolbar offers no image. */
  uploadImage?: UploadImage;
  /** Injected for tests (jsdom decodes no image). */
  measureImage?: MeasureImage;
}

// Headings, lists, quotes and links inside the editing area, styled without a typography plugin. The area keeps the
// site's focus outline, drawn inside it (the frame's overflow would clip one drawn outside).
const CONTENT_STYLES =
  'h-80 overflow-y-auto px-4 py-3 text-slate-900 focus-visible:-outline-offset-2 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mb-1 [&_h4]:mt-3 [&_h4]:text-lg [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_figure]:my-4 [&_img]:h-auto [&_img]:max-h-64 [&_img]:w-auto [&_img]:max-w-full [&_img]:rounded [&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:text-slate-600 [&_.ProseMirror-selectednode]:outline [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand-600';

/** The publication's content editor (TipTap): its own lazy chunk, loaded only by the publication form. */
export default function RichTextEditor({ labelId, initialContent, onChange, invalid, describedBy, uploadImage, measureImage }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: initialContent,
    immediatelyRender: true,
    // The page policy refuses inline styles: TipTap's base styles come from ./prosemirror.css instead.
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: CONTENT_STYLES,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div className={`overflow-hidden rounded-md border bg-white shadow-sm ${invalid ? 'border-red-600' : 'border-slate-300'}`}>
      <EditorToolbar editor={editor} uploadImage={uploadImage} measureImage={measureImage} />
      <EditorContent editor={editor} />
    </div>
  );
}
