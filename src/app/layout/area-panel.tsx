import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { MenuButton } from '../../ui/menu-button';
import { Panel } from '../../ui/panel';
import type { AreaContext, AreaTab } from '../areas';
import { fitTabs } from './fit-tabs';

/** Props for AreaPanel. */
export interface AreaPanelProps {
  /** The area's id: `data-area`, and the prefix of its tabs' test ids (`<area>-tab-<tab>`). */
  area: string;
  /** The area's name: its heading when it holds one tab, its tab list's name otherwise. */
  label: string;
  tabs: readonly AreaTab[];
  context: AreaContext;
  /** The shown tab's id (the first when unknown). */
  active: string | undefined;
  onActivate: (tab: string) => void;
  testId?: string;
  maximised?: boolean;
  onToggleMaximise?: () => void;
  /** Keep a tab mounted once shown (a wire keeps its selection and scroll); otherwise only the shown tab is. */
  keepMounted?: boolean;
  /**
   * Tabs this area gets in a narrow window, drawn after its own (never selected, nothing mounted) with
   * the class `narrow-only`: the prerendered first frame, drawn in the wide layout, shows them there
   * through layout.css until the app takes over in the window's own layout.
   */
  narrowTabs?: readonly AreaTab[];
}

/**
 * One area of the screen: a panel that shows its only tab under a heading, or a tab strip
 * (arrow keys move between tabs, as ARIA's tabs pattern asks) over the chosen tab. The strip draws
 * the tabs that fit whole and the chosen one (`fitTabs`); the others are in its "N more" menu. A tab mounts
 * the first time it is shown (the first screen renders, and loads, only the tabs on it); with
 * `keepMounted` it then stays mounted when hidden, so a list keeps its selection and scroll.
 * A tab whose code is still loading shows its empty panel: nothing jumps in between.
 */
export function AreaPanel({
  area,
  label,
  tabs,
  context,
  active,
  onActivate,
  testId,
  maximised,
  onToggleMaximise,
  keepMounted = false,
  narrowTabs = [],
}: AreaPanelProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const shown = tabs.find((tab) => tab.id === active) ?? tabs[0]!;
  // The tabs shown so far (set while rendering, React's way to derive state from a prop).
  const [mounted, setMounted] = useState<ReadonlySet<string>>(() => new Set([shown.id]));
  if (!mounted.has(shown.id)) setMounted(new Set([...mounted, shown.id]));
  const isMounted = (tab: AreaTab) => tab === shown || (keepMounted && mounted.has(tab.id));
  const measures = useStripMeasures(list, tabs.length);
  // Until the strip is measured (the prerendered first frame has no layout to read) every tab is
  // drawn, and the strip's style leaves those that do not fit on a row it does not show.
  const drawn =
    measures === undefined || measures.widths.length !== tabs.length
      ? undefined
      : fitTabs(measures.widths, measures.room, tabs.indexOf(shown));
  const hidden = tabs.filter((_tab, index) => drawn?.[index] === false).map((tab) => tab.id);
  // A tab reached with the arrow keys takes the focus once it is drawn (it may have been in the menu).
  const focusAfterRender = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const tabId = focusAfterRender.current;
    if (tabId === undefined || tabId !== shown.id) return;
    focusAfterRender.current = undefined;
    list.current?.querySelector<HTMLElement>(`[data-tab="${tabId}"]`)?.focus();
  });
  if (tabs.length === 1) {
    return (
      <Panel title={shown.label} testId={testId} areaId={area} maximised={maximised} onToggleMaximise={onToggleMaximise}>
        <Suspense fallback={null}>{shown.render(context)}</Suspense>
      </Panel>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(shown) + step + tabs.length) % tabs.length]!;
    focusAfterRender.current = next.id;
    onActivate(next.id);
  };
  return (
    <Panel
      title={
        <div
          className="tabs area-tabs"
          role="tablist"
          aria-label={label}
          ref={list}
          onKeyDown={onKeyDown}
          data-fitted={drawn !== undefined || undefined}
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              className={drawn?.[index] === false ? 'tab tab-out' : 'tab'}
              id={`${id}-${tab.id}`}
              aria-controls={isMounted(tab) ? `${id}-${tab.id}-panel` : undefined}
              aria-selected={tab === shown}
              tabIndex={tab === shown ? 0 : -1}
              data-tab={tab.id}
              data-testid={`${area}-tab-${tab.id}`}
              onClick={() => onActivate(tab.id)}
            >
              {tab.label}
            </button>
          ))}
          {narrowTabs.map((tab) => (
            <button key={tab.id} type="button" role="tab" className="tab narrow-only" aria-selected={false} tabIndex={-1} data-tab={tab.id}>
              {tab.label}
            </button>
          ))}
        </div>
      }
      actions={
        hidden.length > 0 && (
          <MenuButton
            label={`${hidden.length} more`}
            ariaLabel={`${hidden.length} more ${hidden.length === 1 ? 'tab' : 'tabs'} of ${label}`}
            title={`Tabs out of view: ${hidden.map((tabId) => tabs.find((tab) => tab.id === tabId)?.label).join(', ')}`}
            testId={`${area}-tabs-more`}
            actions={tabs
              .filter((tab) => hidden.includes(tab.id))
              .map((tab) => ({ label: tab.label, testId: `${area}-tabs-more-${tab.id}`, onSelect: () => onActivate(tab.id) }))}
          />
        )
      }
      testId={testId}
      areaId={area}
      maximised={maximised}
      onToggleMaximise={onToggleMaximise}
    >
      {tabs.filter(isMounted).map((tab) => (
        <div
          key={tab.id}
          className="area-tabpanel"
          role="tabpanel"
          id={`${id}-${tab.id}-panel`}
          aria-labelledby={`${id}-${tab.id}`}
          hidden={tab !== shown}
        >
          <Suspense fallback={null}>{tab.render(context)}</Suspense>
        </div>
      ))}
    </Panel>
  );
}

/** The strip's tabs' whole widths, in order, and the strip's width. */
interface StripMeasures {
  widths: readonly number[];
  room: number;
}

/**
 * Measures the strip's tabs (those left out keep their width, out of the flow) and its room, again
 * whenever the strip is resized. Read after render, so the prerendered first frame starts without.
 */
function useStripMeasures(list: React.RefObject<HTMLDivElement | null>, count: number): StripMeasures | undefined {
  const [measures, setMeasures] = useState<StripMeasures | undefined>(undefined);
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const measure = () => {
      const widths = [...strip.querySelectorAll<HTMLElement>('[role="tab"][data-tab]:not(.narrow-only)')].map(
        (tab) => tab.getBoundingClientRect().width,
      );
      const room = strip.clientWidth;
      setMeasures((before) =>
        before !== undefined &&
        before.room === room &&
        before.widths.length === widths.length &&
        before.widths.every((width, index) => width === widths[index])
          ? before
          : { widths, room },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [list, count]);
  return measures;
}
