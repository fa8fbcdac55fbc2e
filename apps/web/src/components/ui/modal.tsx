import { useEffect, useId, useRef, type ReactNode } from 'react';

// Props: open, onClose() (Escape, backdrop click and the close button call it), title (labels the dialog), children, hideCloseButton?, closeLabel? (default 'Close').
export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  hideCloseButton?: boolean;
  closeLabel?: string;
}

/**
 * Generic dialog on the native <dialog> element: showModal() gives the focus trap, inert background
 * and Escape handling; we add backdrop-click closing and a page scroll lock (SPEC §2 "Modal dialog").
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  hideCloseButton = false,
  closeLabel = 'Close',
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // jsdom and very old browsers lack showModal; the open attribute still shows the content.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-ink shadow-xl"
      onCancel={(e) => {
        // Keep the dialog controlled by React: the parent decides whether it closes.
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCloseRef.current();
        }
      }}
      onClick={(e) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-mt-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl text-muted hover:bg-gray-100"
              aria-label={closeLabel}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
