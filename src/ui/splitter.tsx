import { useCallback, useRef } from 'react';

/** Props for Splitter. */
export interface SplitterProps {
  /** 'vertical' resizes widths (a vertical bar); 'horizontal' resizes heights. */
  orientation?: 'vertical' | 'horizontal';
  label: string;
  /** Called with the pixel delta while dragging or with arrow keys. */
  onResize: (delta: number) => void;
  /** The current size of the panel before the divider, in pixels (announced to assistive technology). */
  value?: number;
}

/** A draggable, keyboard-operable divider between two panels. */
export function Splitter({ orientation = 'vertical', label, onResize, value = 0 }: SplitterProps) {
  const last = useRef(0);
  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLButtonElement>) => {
      event.preventDefault();
      const target = event.currentTarget;
      target.setPointerCapture(event.pointerId);
      last.current = orientation === 'vertical' ? event.clientX : event.clientY;
      const move = (e: PointerEvent) => {
        const position = orientation === 'vertical' ? e.clientX : e.clientY;
        onResize(position - last.current);
        last.current = position;
      };
      const up = () => {
        target.removeEventListener('pointermove', move);
        target.removeEventListener('pointerup', up);
      };
      target.addEventListener('pointermove', move);
      target.addEventListener('pointerup', up);
    },
    [orientation, onResize],
  );
  return (
    <button
      type="button"
      className={`splitter ${orientation === 'horizontal' ? 'horizontal' : ''}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={0}
      aria-valuemax={10000}
      onPointerDown={onPointerDown}
      onKeyDown={(event) => {
        const step = event.shiftKey ? 50 : 10;
        const back = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
        const forward = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
        if (event.key === back) onResize(-step);
        else if (event.key === forward) onResize(step);
        else return;
        event.preventDefault();
      }}
    />
  );
}
