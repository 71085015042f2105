import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { MenuButton } from '../../ui/menu-button';
import { Panel } from '../../ui/panel';
import type { AreaContext, AreaTab } from '../areas';

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
 * (arrow keys move between tabs, as ARIA's tabs pattern asks) over the chosen tab. A tab mounts
 * the first time it is shown (the first screen renders, and loads, only the tabs on it); with
 * `keepMounted` it then stays mounted when hidden, so a list keeps its selection and scroll.
 * A tab whose code is still loading shows its empty panel: nothing jumps in between.
 */
export function AreaPanel({ area, label, tabs, context, active, onActivate, testId, maximised, onToggleMaximise, keepMounted = false, narrowTabs = [] }: AreaPanelProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const shown = tabs.find((tab) => tab.id === active) ?? tabs[0]!;
  // The tabs shown so far (set while rendering, React's way to derive state from a prop).
  const [mounted, setMounted] = useState<ReadonlySet<string>>(() => new Set([shown.id]));
  if (!mounted.has(shown.id)) setMounted(new Set([...mounted, shown.id]));
  const isMounted = (tab: AreaTab) => tab === shown || (keepMounted && mounted.has(tab.id));
  const hidden = useTabsOutOfView(list, tabs.length);
  // The shown tab is scrolled into the strip (chosen from the menu, the palette or a key).
  useEffect(() => {
    const strip = list.current;
    const tab = strip?.querySelector<HTMLElement>(`[data-tab="${shown.id}"]`);
    if (!strip || !tab) return;
    const left = tab.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = left + tab.offsetWidth - strip.clientWidth;
  }, [shown.id]);
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
    onActivate(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <Panel
      title={
        <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              className="tab"
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
        <div key={tab.id} className="area-tabpanel" role="tabpanel" id={`${id}-${tab.id}-panel`} aria-labelledby={`${id}-${tab.id}`} hidden={tab !== shown}>
          <Suspense fallback={null}>{tab.render(context)}</Suspense>
        </div>
      ))}
    </Panel>
  );
}

/**
 * The ids of the tabs the strip shows only in part or not at all (it scrolls sideways when the
 * area is too narrow for all of them), kept up to date as the strip is resized or scrolled. Read
 * after render, so the prerendered first frame (which has no layout to read) starts with none.
 */
function useTabsOutOfView(list: React.RefObject<HTMLDivElement | null>, count: number): readonly string[] {
  const [hidden, setHidden] = useState<readonly string[]>([]);
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const measure = () => {
      const box = strip.getBoundingClientRect();
      const ids = [...strip.querySelectorAll<HTMLElement>('[role="tab"][data-tab]:not(.narrow-only)')]
        .filter((tab) => {
          const edge = tab.getBoundingClientRect();
          return edge.width > 0 && (edge.left < box.left - 1 || edge.right > box.right + 1);
        })
        .map((tab) => tab.dataset['tab']!);
      setHidden((before) => (before.length === ids.length && before.every((id, index) => id === ids[index]) ? before : ids));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    strip.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      strip.removeEventListener('scroll', measure);
    };
  }, [list, count]);
  return hidden;
}
