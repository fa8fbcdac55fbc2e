import type { ReactNode } from 'react';

interface NoticeProps {
  /** 'error' is announced at once (role alert); 'done' politely (role status). */
  tone: 'error' | 'done';
  /** The notice's first line, in bold. */
  title: ReactNode;
  testId?: string;
  /** What follows the title: a list of reasons, a button to try again. */
  children?: ReactNode;
}

/** A boxed message with a coloured edge: something went wrong, or something was done. */
export function Notice({ tone, title, testId, children }: NoticeProps) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`rounded-md border-l-4 p-4 ${error ? 'border-danger bg-danger-bg' : 'border-brand-700 bg-brand-50'}`}
      data-testid={testId}
    >
      <p className={`font-semibold ${error ? 'text-danger' : ''} ${children ? 'mb-2' : ''}`}>{title}</p>
      {children}
    </div>
  );
}
