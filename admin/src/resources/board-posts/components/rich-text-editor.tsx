import { useMemo } from 'react'
import ReactQuill from 'react-quill-new'
import { useTranslation } from 'react-i18next'
import 'react-quill-new/dist/quill.snow.css'
import './board.css'
import './quill-locale.css'

/** The editor's toolbar: no embedded images or video (files go in as attachments). */
const MODULES = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    ['blockquote', 'code-block', 'link'],
    [{ align: [] }],
    ['clean'],
  ],
}

/** A text as a CSS string (what `content:` reads). */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`

/** Quill's own words in the interface language, as the custom properties quill-locale.css reads. */
function useQuillWords(): React.CSSProperties {
  const { t } = useTranslation()
  return useMemo(() => {
    const word = (key: string, options?: Record<string, unknown>) =>
      cssString(t(`board.editor_words.${key}`, options))
    return {
      '--ql-word-normal': word('normal'),
      '--ql-word-heading-1': word('heading', { level: 1 }),
      '--ql-word-heading-2': word('heading', { level: 2 }),
      '--ql-word-heading-3': word('heading', { level: 3 }),
      '--ql-word-visit': word('visit'),
      '--ql-word-enter-link': word('enter_link'),
      '--ql-word-edit': word('edit'),
      '--ql-word-save': word('save'),
      '--ql-word-remove': word('remove'),
    } as React.CSSProperties
  }, [t])
}

/** Quill through react-quill-new, as an antd form control (value/onChange of HTML). */
export default function RichTextEditor({
  value,
  onChange,
  placeholder,
}: {
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
}) {
  const words = useQuillWords()
  return (
    <div data-testid="board-editor" style={words}>
      <ReactQuill
        theme="snow"
        value={value ?? ''}
        onChange={(html) => onChange?.(html)}
        modules={MODULES}
        placeholder={placeholder}
        style={{ background: '#fff' }}
      />
    </div>
  )
}
