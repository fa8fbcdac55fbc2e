import { useRef, useState, type DragEvent } from 'react';
import { FieldError } from './choice-list.tsx';

export interface FileDropProps {
  id: string;
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}

/**
 * A native file input (keyboard and screen-reader friendly) inside a zone that also takes dropped
 * files. The input is reset after each pick so the same file can be chosen again after a failure.
 */
export function FileDrop({
  id,
  label,
  hint,
  accept,
  multiple = false,
  error,
  disabled = false,
  onFiles,
  testId,
}: FileDropProps) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function take(list: FileList | null) {
    if (!list || list.length === 0 || disabled) return;
    const files = Array.from(list);
    onFiles(multiple ? files : files.slice(0, 1));
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer?.files ?? null);
  }

  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={hintId} className="text-muted">
        {hint}
      </p>
      <FieldError id={errorId} message={error} />
      <div
        data-testid={testId ? `${testId}-drop` : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 text-center transition-colors motion-reduce:transition-none ${
          dragging ? 'border-brand-700 bg-brand-50' : error ? 'border-danger' : 'border-gray-500'
        }`}
      >
        <p className="mb-2 text-muted" aria-hidden="true">
          Drag and drop {multiple ? 'files' : 'a file'} here, or
        </p>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          data-testid={testId}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
          className="block w-full max-w-full text-base file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-2 file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-50"
        />
      </div>
    </div>
  );
}

/** '512 bytes', '12.3 KB', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface UploadProgressProps {
  id: string;
  filename: string;
  percent: number;
  testId?: string;
}

/** One file on its way up: a labelled <progress> with the percentage in words. */
export function UploadProgress({ id, filename, percent, testId }: UploadProgressProps) {
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <label htmlFor={id} className="break-all">
        Uploading {filename}
      </label>
      <div className="flex items-center gap-3">
        <progress id={id} max={100} value={percent} className="h-3 w-full accent-brand-700">
          {percent}%
        </progress>
        <span className="w-12 shrink-0 text-right text-sm text-muted" aria-hidden="true">
          {percent}%
        </span>
      </div>
    </div>
  );
}
