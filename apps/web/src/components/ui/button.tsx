import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

// Props: variant ('primary' | 'secondary' | 'link'), loading (shows a spinner, sets aria-busy and blocks clicks), fullWidth, plus every native <button> prop (type defaults to 'button').
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  loading?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
}

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold disabled:cursor-not-allowed aria-disabled:cursor-not-allowed';
const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-400 disabled:text-gray-900 aria-disabled:bg-gray-400 aria-disabled:text-gray-900',
  secondary:
    'border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50 disabled:border-gray-400 disabled:text-gray-600',
  link: 'min-h-11 bg-transparent px-1 text-brand-700 underline underline-offset-2 hover:text-brand-800',
};

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  type = 'button',
  className = '',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${base} ${variants[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {loading && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
