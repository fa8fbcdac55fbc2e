import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CONTENT } from '@taxback/domain/content';
import { TestimonialCarousel } from './testimonial-carousel.tsx';

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

const count = CONTENT.testimonials.length;
const position = () => screen.getByText(/^\d+ \/ \d+$/).textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TestimonialCarousel', () => {
  it('advances every 5000 ms', () => {
    render(<TestimonialCarousel testimonials={CONTENT.testimonials} />);
    expect(position()).toBe(`1 / ${count}`);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(position()).toBe(`1 / ${count}`);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(position()).toBe(`2 / ${count}`);
  });

  it('pauses while hovered and while touched', () => {
    render(<TestimonialCarousel testimonials={CONTENT.testimonials} />);
    const region = screen.getByRole('region', { name: 'What our customers say' });
    fireEvent.mouseEnter(region);
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(position()).toBe(`1 / ${count}`);
    fireEvent.mouseLeave(region);
    const slides = screen.getAllByRole('group', { hidden: true });
    const track = slides[0]?.parentElement?.parentElement as HTMLElement;
    fireEvent.pointerDown(track, { clientX: 100, pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(position()).toBe(`1 / ${count}`);
  });

  it('changes slide only on a swipe over 50 px, locked for 500 ms', () => {
    render(<TestimonialCarousel testimonials={CONTENT.testimonials} />);
    const slides = screen.getAllByRole('group', { hidden: true });
    const track = slides[0]?.parentElement?.parentElement as HTMLElement;
    fireEvent.pointerDown(track, { clientX: 200, pointerType: 'touch' });
    fireEvent.pointerUp(track, { clientX: 160, pointerType: 'touch' });
    expect(position()).toBe(`1 / ${count}`);
    fireEvent.pointerDown(track, { clientX: 200, pointerType: 'touch' });
    fireEvent.pointerUp(track, { clientX: 140, pointerType: 'touch' });
    expect(position()).toBe(`2 / ${count}`);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(position()).toBe(`2 / ${count}`);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(position()).toBe(`1 / ${count}`);
  });

  it('does not autoplay for reduced-motion users', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
    render(<TestimonialCarousel testimonials={CONTENT.testimonials} />);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(position()).toBe(`1 / ${count}`);
  });
});
