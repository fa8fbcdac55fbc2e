import { vi } from 'vitest';

/** jsdom has no canvas: a stand-in for signature_pad that tests can "draw" on (test use only). */
export class MockPad {
  static pads: MockPad[] = [];
  empty = true;
  listeners = new Map<string, Set<() => void>>();
  constructor() {
    MockPad.pads.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  isEmpty() {
    return this.empty;
  }
  clear() {
    this.empty = true;
  }
  toData() {
    return [];
  }
  fromData() {}
  off() {}
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgo=';
  }
  draw() {
    this.empty = false;
    this.listeners.get('endStroke')?.forEach((fn) => fn());
  }
}

/**
 * A 2D canvas that accepts drawing (jsdom's has none), so a typed signature's image is `png`.
 * Test use only; undo with vi.restoreAllMocks().
 */
export function canvasThatDraws(png: string): void {
  const ctx = {
    font: '',
    fillStyle: '',
    textAlign: '',
    textBaseline: '',
    scale: vi.fn(),
    fillRect: vi.fn(),
    fillText: vi.fn(),
    measureText: (s: string) => ({ width: s.length * 20 }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(png);
}
