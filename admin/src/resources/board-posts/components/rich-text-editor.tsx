import ReactQuill from 'react-quill-new'
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
  return (
    <div data-testid="board-editor">
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
