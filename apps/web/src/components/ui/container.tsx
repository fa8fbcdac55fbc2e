import type { ReactNode } from 'react';

// Props: children, width ('narrow' for forms ~36rem, 'wide' for marketing ~72rem), className.
export interface ContainerProps {
  children: ReactNode;
  width?: 'narrow' | 'wide';
  className?: string;
}

export function Container({ children, width = 'wide', className = '' }: ContainerProps) {
  return (
    <div
      className={`mx-auto w-full px-4 sm:px-6 ${width === 'narrow' ? 'max-w-xl' : 'max-w-6xl'} ${className}`}
    >
      {children}
    </div>
  );
}
