import { useEffect, useId, useRef } from 'react';
import SignaturePadLib, { type PointGroup } from 'signature_pad';

/** Logical size of a signature (SPEC §9: 600 by 200); exported PNGs have exactly this size. */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

// Props: label (visible label for the canvas), onChange(dataUrl: string | null) — a 600×200 PNG data URL after each stroke, null after Clear; clearLabel (default 'Clear Signature'); error?; id?.
export interface SignaturePadProps {
  label: string;
  onChange: (dataUrl: string | null) => void;
  clearLabel?: string;
  error?: string | null;
  id?: string;
}

/** Renders the drawing onto a fixed 600×200 canvas so every stored signature has the same size. */
function exportPng(source: HTMLCanvasElement, pad: SignaturePadLib): string {
  const out = document.createElement('canvas');
  out.width = SIGNATURE_WIDTH;
  out.height = SIGNATURE_HEIGHT;
  const ctx = out.getContext('2d');
  if (!ctx) return pad.toDataURL('image/png');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  ctx.drawImage(source, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  return out.toDataURL('image/png');
}

function scalePoints(groups: PointGroup[], factor: number): PointGroup[] {
  return groups.map((g) => ({
    ...g,
    points: g.points.map((p) => ({ ...p, x: p.x * factor, y: p.y * factor })),
  }));
}

export function SignaturePad({
  label,
  onChange,
  clearLabel = 'Clear Signature',
  error,
  id,
}: SignaturePadProps) {
  const autoId = useId();
  const canvasId = id ?? `signature-${autoId}`;
  const labelId = `${canvasId}-label`;
  const errorId = `${canvasId}-error`;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const widthRef = useRef(0);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrapper = wrapperRef.current;
    if (!canvas || !wrapper) return;
    const pad = new SignaturePadLib(canvas, {
      backgroundColor: 'rgba(0,0,0,0)',
      penColor: '#111827',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;

    // Size the backing store to the CSS width × devicePixelRatio; keep the strokes across resizes.
    const resize = () => {
      const cssWidth = wrapper.clientWidth || SIGNATURE_WIDTH;
      if (cssWidth === widthRef.current) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      const factor = widthRef.current > 0 ? cssWidth / widthRef.current : 1;
      widthRef.current = cssWidth;
      const cssHeight = (cssWidth * SIGNATURE_HEIGHT) / SIGNATURE_WIDTH;
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(cssHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length > 0) pad.fromData(scalePoints(data, factor));
    };
    resize();

    const onEnd = () => {
      onChangeRef.current(pad.isEmpty() ? null : exportPng(canvas, pad));
    };
    pad.addEventListener('endStroke', onEnd);

    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => resize());
      observer.observe(wrapper);
    } else window.addEventListener('resize', resize);

    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      padRef.current = null;
      widthRef.current = 0;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };

  return (
    <div className={`flex flex-col gap-2 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <span id={labelId} className="font-semibold">
        {label}
      </span>
      <p className="text-muted">Draw your signature in the box using your finger or mouse.</p>
      {error && (
        <p id={errorId} className="font-semibold text-danger">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
      <div
        ref={wrapperRef}
        className={`w-full max-w-[600px] overflow-hidden rounded-md border-2 bg-white ${
          error ? 'border-danger' : 'border-gray-600'
        }`}
      >
        <canvas
          ref={canvasRef}
          id={canvasId}
          tabIndex={-1}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          className="block aspect-[3/1] w-full touch-none"
        />
      </div>
      <div>
        <button
          type="button"
          onClick={clear}
          className="inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {clearLabel}
        </button>
      </div>
    </div>
  );
}
