// Props: size ('sm' | 'md' | 'lg'), label (screen-reader text, default 'Loading'; pass '' when the surrounding text already says it).
export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' };

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`${sizes[size]} inline-block animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-none`}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
