import type { ReactNode } from 'react';
import { Maximize2, Minimize2 } from 'lucide-react';

/** A titled panel with a header bar, as in DevTools. */
export function Panel({
  title,
  actions,
  children,
  testId,
  className,
  style,
  maximised,
  onToggleMaximise,
  areaId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  style?: React.CSSProperties;
  maximised?: boolean;
  onToggleMaximise?: () => void;
  /** The area this panel shows (`data-area`): the shell moves focus here when the area is jumped to. */
  areaId?: string;
}) {
  return (
    <section
      className={`panel ${maximised ? 'maximised' : ''} ${className ?? ''}`}
      data-testid={testId}
      style={style}
      aria-label={typeof title === 'string' ? title : undefined}
      data-area={areaId}
      tabIndex={areaId === undefined ? undefined : -1}
    >
      <header className="panel-header">
        {typeof title === 'string' ? <h2>{title}</h2> : title}
        <span className="spacer" />
        {actions}
        {onToggleMaximise && (
          <button
            type="button"
            className="icon-button"
            onClick={onToggleMaximise}
            aria-label={maximised ? 'Restore panel' : 'Maximise panel'}
            title={maximised ? 'Restore' : 'Maximise'}
            aria-pressed={maximised ?? false}
          >
            {maximised ? <Minimize2 aria-hidden size={14} /> : <Maximize2 aria-hidden size={14} />}
          </button>
        )}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}
