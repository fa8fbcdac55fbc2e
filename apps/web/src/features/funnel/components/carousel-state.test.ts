import { describe, expect, it } from 'vitest';
import {
  carouselReducer,
  initialCarousel,
  isPaused,
  type CarouselEvent,
  type CarouselState,
} from './carousel-state.ts';

const first = initialCarousel(false);
const third: CarouselState = { ...first, index: 2 };

describe('the testimonial carousel, as a table of changes', () => {
  it.each<[string, CarouselState, CarouselEvent, Partial<CarouselState>]>([
    ['next', first, { type: 'go', to: 1, count: 4 }, { index: 1 }],
    ['previous', third, { type: 'go', to: 1, count: 4 }, { index: 1 }],
    [
      'next from the last wraps to the first',
      { ...first, index: 3 },
      { type: 'go', to: 4, count: 4 },
      { index: 0 },
    ],
    ['previous from the first wraps to the last', first, { type: 'go', to: -1, count: 4 }, { index: 3 }],
    ['no slides: nowhere to go', first, { type: 'go', to: 1, count: 0 }, {}],
    ['hovered', first, { type: 'hovered', on: true }, { hovered: true }],
    ['no longer hovered', { ...first, hovered: true }, { type: 'hovered', on: false }, { hovered: false }],
    ['the focus comes in', first, { type: 'focused', on: true }, { focused: true }],
    ['the focus leaves', { ...first, focused: true }, { type: 'focused', on: false }, { focused: false }],
    ['a finger down', third, { type: 'touched', on: true }, { touched: true }],
    ['the finger up', { ...third, touched: true }, { type: 'touched', on: false }, { touched: false }],
  ])('%s', (_name, before, event, expected) => {
    expect(carouselReducer(before, event)).toEqual({ ...before, ...expected });
  });

  it('keeps the same state when nothing changes, so nothing renders again', () => {
    const hovered = { ...first, hovered: true };
    expect(carouselReducer(hovered, { type: 'hovered', on: true })).toBe(hovered);
    expect(carouselReducer(third, { type: 'go', to: 6, count: 4 })).toBe(third);
  });

  it.each<[string, CarouselState, boolean]>([
    ['nothing holds it', first, false],
    ['hovered', { ...first, hovered: true }, true],
    ['focused', { ...first, focused: true }, true],
    ['touched', { ...first, touched: true }, true],
    ['reduced motion, always', initialCarousel(true), true],
  ])('autoplay paused when %s: %s', (_name, state, paused) => {
    expect(isPaused(state)).toBe(paused);
  });
});
