import { useCallback, useEffect, useReducer, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { Testimonial } from '@taxback/domain/content';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { carouselReducer, initialCarousel, isPaused } from './carousel-state.ts';

/** SPEC §9: autoplay interval, swipe threshold and transition lock. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
export const TRANSITION_LOCK_MS = 500;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
}

export interface TestimonialCarouselProps {
  testimonials: readonly Testimonial[];
}

/**
 * Testimonial carousel (SPEC §2): embla lays out and animates the slides; we own the index, autoplay,
 * swipe threshold and transition lock so they follow the spec exactly. Autoplay stops while the
 * carousel is touched, hovered or focused, and never runs for reduced-motion users.
 */
export function TestimonialCarousel({ testimonials }: TestimonialCarouselProps) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, watchDrag: false, duration: 30 });
  const [state, dispatch] = useReducer(carouselReducer, undefined, () =>
    initialCarousel(prefersReducedMotion()),
  );
  const { index, reducedMotion } = state;
  const lockedRef = useRef(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pointerStartX = useRef<number | null>(null);
  const count = testimonials.length;
  const paused = isPaused(state);

  const goTo = useCallback(
    (next: number) => {
      if (count === 0 || lockedRef.current) return;
      lockedRef.current = true;
      lockTimer.current = setTimeout(() => {
        lockedRef.current = false;
      }, TRANSITION_LOCK_MS);
      dispatch({ type: 'go', to: next, count });
    },
    [count],
  );

  useEffect(
    () => () => {
      if (lockTimer.current) clearTimeout(lockTimer.current);
    },
    [],
  );

  useEffect(() => {
    emblaApi?.scrollTo(index, reducedMotion);
  }, [emblaApi, index, reducedMotion]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => goTo(index + 1), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count, index, goTo]);

  const onPointerDown = (e: ReactPointerEvent) => {
    pointerStartX.current = e.clientX;
    if (e.pointerType !== 'mouse') dispatch({ type: 'touched', on: true });
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    const start = pointerStartX.current;
    pointerStartX.current = null;
    dispatch({ type: 'touched', on: false });
    if (start === null) return;
    const dx = e.clientX - start;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX) goTo(dx < 0 ? index + 1 : index - 1);
  };

  if (count === 0) return null;
  const navButton =
    'inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-xl text-brand-700 hover:bg-brand-50';

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-heading"
      className="mx-auto max-w-3xl"
      onMouseEnter={() => dispatch({ type: 'hovered', on: true })}
      onMouseLeave={() => dispatch({ type: 'hovered', on: false })}
      onFocus={() => dispatch({ type: 'focused', on: true })}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null))
          dispatch({ type: 'focused', on: false });
      }}
    >
      <h2 id="testimonials-heading" className="mb-6 text-center text-2xl sm:text-3xl">
        What our customers say
      </h2>
      <div
        ref={emblaRef}
        className="touch-pan-y overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerEnd}
        onPointerCancel={() => {
          pointerStartX.current = null;
          dispatch({ type: 'touched', on: false });
        }}
      >
        <div className="flex" aria-live={paused ? 'polite' : 'off'}>
          {testimonials.map((t, i) => (
            <div
              key={t.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              className="min-w-0 flex-[0_0_100%] px-1"
            >
              <figure className="h-full rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
                <StarRating rating={t.rating} />
                <blockquote className="mt-3 text-lg">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  {t.image ? (
                    <img
                      src={t.image}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                    >
                      {initials(t.name)}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-muted">{t.title}</span>
                    {t.sample && <span className="block text-sm text-muted">Sample review</span>}
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-4">
        <button
          type="button"
          className={navButton}
          onClick={() => goTo(index - 1)}
          aria-label="Previous testimonial"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className="text-muted" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button
          type="button"
          className={navButton}
          onClick={() => goTo(index + 1)}
          aria-label="Next testimonial"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
