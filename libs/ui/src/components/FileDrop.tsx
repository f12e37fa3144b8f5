import { formatFileSize } from '@campus/formatters';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { FormField } from './FormField.js';
import { Icon } from './Icon.js';

export interface FileDropProps {
  readonly label: ReactNode;
  /** The form field the file(s) post as. */
  readonly name: string;
  /** File types, as for `<input accept>` (".csv,.xlsx", "image/*"). */
  readonly accept?: string;
  readonly isMultiple?: boolean;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  readonly description?: ReactNode;
  readonly error?: ReactNode;
  /** The input's id (another control, e.g. a camera, puts photos into it); generated when left out. */
  readonly id?: string;
  /** A device's camera for photos (`user` or `environment`), as for `<input capture>`. */
  readonly capture?: 'user' | 'environment';
  /** Called with the chosen files (picked or dropped). */
  readonly onFiles?: (files: readonly File[]) => void;
}

/** Whether a file matches an `accept` list: extensions (`.csv`), exact types (`text/csv`) or families (`image/*`). */
export function acceptsFile(
  accept: string | undefined,
  file: { readonly name: string; readonly type: string },
): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) =>
      a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a,
    );
}

/**
 * A file field with a drop zone. The native `<input type="file">` is inside the zone and always there, so it posts
 * with a plain form and works without JavaScript; with JavaScript a file dragged onto the zone is put into that
 * input (a file of another type is refused with a message), and the chosen files are listed with their sizes.
 */
export function FileDrop({
  label,
  name,
  accept,
  isMultiple = false,
  isRequired,
  isDisabled,
  description,
  error,
  id,
  capture,
  onFiles,
}: FileDropProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [isDragging, setDragging] = useState(false);
  const [files, setFiles] = useState<readonly File[]>([]);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (list: readonly File[]) => {
    setFiles(list);
    onFiles?.(list);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (isDisabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (isDisabled) return;
    e.preventDefault();
    setDragging(false);
    const dropped = [...e.dataTransfer.files].slice(0, isMultiple ? undefined : 1);
    const wrong = dropped.find((f) => !acceptsFile(accept, f));
    if (wrong) {
      setRefused(`${wrong.name} is not a file of an accepted type (${accept}).`);
      return;
    }
    setRefused(null);
    const input = inputRef.current;
    if (input && dropped.length > 0) {
      const transfer = new DataTransfer();
      for (const f of dropped) transfer.items.add(f);
      input.files = transfer.files;
    }
    take(dropped);
  };

  return (
    <FormField label={label} description={description} error={refused ?? error} isRequired={isRequired} id={id}>
      {(control) => (
        <div
          className="cas-file-drop"
          data-dragging={isDragging || undefined}
          data-disabled={isDisabled || undefined}
          data-invalid={refused || error ? true : undefined}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="cas-file-drop__icon" aria-hidden="true">
            <Icon name="folder" size={28} />
          </span>
          <span className="cas-file-drop__hint" aria-hidden="true">
            {isMultiple ? 'Drag files here, or choose them:' : 'Drag a file here, or choose one:'}
          </span>
          <input
            {...control}
            ref={inputRef}
            type="file"
            className="cas-file-drop__input"
            name={name}
            accept={accept}
            capture={capture}
            multiple={isMultiple}
            required={isRequired}
            disabled={isDisabled}
            onChange={(e) => {
              setRefused(null);
              take([...(e.currentTarget.files ?? [])]);
            }}
          />
          {files.length > 0 ? (
            <ul className="cas-file-drop__files" aria-label="Chosen files">
              {files.map((f) => (
                <li key={`${f.name}-${f.size}`}>
                  <span className="cas-file-drop__name">{f.name}</span>{' '}
                  <span className="cas-file-drop__size">{formatFileSize(f.size)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
