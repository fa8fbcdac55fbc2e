// Props: rating (filled stars), max (default 5), className. Screen readers hear 'N out of M stars'.
export interface StarRatingProps {
  rating: number;
  max?: number;
  className?: string;
}

export function StarRating({ rating, max = 5, className = '' }: StarRatingProps) {
  const label = `${rating} out of ${max} stars`;
  return (
    <span role="img" aria-label={label} className={`inline-flex items-center gap-0.5 ${className}`}>
      {Array.from({ length: max }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${i < Math.round(rating) ? 'fill-amber-500' : 'fill-gray-300'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
