import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';

/** The smallest heights of the list and the detail pane while resizing, in pixels. */
const MIN_PANE = 60;
/** The detail pane's first height, in percent of the body. */
const DETAIL_SIZE = '45';

/** The detail pane under the list: a sticky bar (title, actions, ×) over the selected row's detail. */
interface PanelDetail {
  testId: string;
  /** The region's accessible name. */
  label: string;
  /** Extra `data-*` attributes of the pane (tests read them). */
  data?: Record<`data-${string}`, string | number>;
  /** The left of the bar: a title or tabs. */
  title: ReactNode;
  /** Buttons before the close button. */
  actions?: ReactNode;
  onClose(): void;
  children: ReactNode;
}

/** Props for PanelFrame. */
export interface PanelFrameProps {
  /** The root's class; the parts get `<prefix>-toolbar`, `<prefix>-body`, `<prefix>-detail` and `<prefix>-detail-bar`. */
  className: string;
  prefix: string;
  testId: string;
  toolbarLabel: string;
  /** The toolbar's contents (filters, counts, buttons). */
  toolbar: ReactNode;
  /** Shown under the toolbar when an export failed. */
  exportError?: string;
  /** The body: the list, or the empty state. */
  children: ReactNode;
  /** The detail pane, when a row is selected. */
  detail?: PanelDetail;
}

/**
 * The frame both wire panels share: a toolbar, an export error, the body with the list, and a
 * resizable detail pane below it (its height kept while the selection changes; the list stays
 * mounted when the pane opens or closes, so it keeps its scroll).
 */
export function PanelFrame({ className, prefix, testId, toolbarLabel, toolbar, exportError, children, detail }: PanelFrameProps) {
  return (
    <div className={className} data-testid={testId}>
      <div className={`${prefix}-toolbar`} role="toolbar" aria-label={toolbarLabel}>
        {toolbar}
      </div>
      {exportError !== undefined && (
        <div className="error-box" role="alert">
          <strong>Export failed:</strong> {exportError}
        </div>
      )}
      <div className={`${prefix}-body`}>
        <Group orientation="vertical" className="panel-group">
          <Panel id="list" minSize={MIN_PANE} className={`${prefix}-list-pane`}>
            {children}
          </Panel>
          {detail !== undefined && <Separator className="resize-handle vertical" aria-label="Resize the detail pane" />}
          {detail !== undefined && (
            <Panel id="detail" defaultSize={DETAIL_SIZE} minSize={MIN_PANE}>
              <div className={`${prefix}-detail`} data-testid={detail.testId} {...detail.data} aria-label={detail.label} role="region">
                <div className={`${prefix}-detail-bar`}>
                  {detail.title}
                  <span className="spacer" />
                  {detail.actions}
                  <button type="button" className="small-button" onClick={detail.onClose} aria-label="Close the detail pane">
                    ×
                  </button>
                </div>
                {detail.children}
              </div>
            </Panel>
          )}
        </Group>
      </div>
    </div>
  );
}
