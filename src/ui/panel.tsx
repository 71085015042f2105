import type { ReactNode } from 'react';

/** A titled panel with a header bar, as in DevTools. */
export function Panel({ title, actions, children, testId, className, style, maximised, onToggleMaximise }: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  style?: React.CSSProperties;
  maximised?: boolean;
  onToggleMaximise?: () => void;
}) {
  return (
    <section className={`panel ${maximised ? 'maximised' : ''} ${className ?? ''}`} data-testid={testId} style={style} aria-label={typeof title === 'string' ? title : undefined}>
      <header className="panel-header">
        {typeof title === 'string' ? <h2>{title}</h2> : title}
        <span className="spacer" />
        {actions}
        {onToggleMaximise && (
          <button type="button" className="small-button" onClick={onToggleMaximise} aria-label={maximised ? 'Restore panel' : 'Maximise panel'} title={maximised ? 'Restore' : 'Maximise'}>
            {maximised ? '⤡' : '⤢'}
          </button>
        )}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}
