// The testimonial carousel's state (SPEC §2, issue 46): the slide shown, and what holds autoplay
// back (a pointer over it, the focus in it, a finger on it, or a reduced-motion preference). One
// value, changed only by the reducer, so each change is a row of a table test. The transition lock
// stays a timer of the component's: it must hold between two clicks in the same render.

export type CarouselState = {
  index: number;
  hovered: boolean;
  focused: boolean;
  touched: boolean;
  /** The user asked for reduced motion when the carousel appeared: it never autoplays. */
  reducedMotion: boolean;
};

export type CarouselEvent =
  /** To slide `to` of `count`, wrapping round either end. */
  | { type: 'go'; to: number; count: number }
  | { type: 'hovered'; on: boolean }
  | { type: 'focused'; on: boolean }
  | { type: 'touched'; on: boolean };

export function initialCarousel(reducedMotion: boolean): CarouselState {
  return { index: 0, hovered: false, focused: false, touched: false, reducedMotion };
}

/** Autoplay waits while anything holds it back (and the slides are announced meanwhile). */
export function isPaused(state: CarouselState): boolean {
  return state.hovered || state.focused || state.touched || state.reducedMotion;
}

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case 'go': {
      if (event.count === 0) return state;
      const index = ((event.to % event.count) + event.count) % event.count;
      return index === state.index ? state : { ...state, index };
    }
    case 'hovered':
    case 'focused':
    case 'touched':
      return state[event.type] === event.on ? state : { ...state, [event.type]: event.on };
  }
}
