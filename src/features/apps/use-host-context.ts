import { useEffect, useState, type RefObject } from 'react';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ToolAppCall } from '../../ui/tool-app-slot';

/** What the host context is made of, besides what the hook measures itself. */
export interface HostContextInputs {
  theme: 'light' | 'dark';
  displayMode: 'inline' | 'fullscreen';
  maxHeight: number;
  call: Pick<ToolAppCall, 'toolCallId' | 'toolName'>;
}

/** The width a view is told before its frame is measured. */
const FALLBACK_WIDTH = 360;

/**
 * The host context of one view, kept current: the frame's width as it resizes (a ResizeObserver,
 * whole pixels, so sub-pixel jitter sends nothing) and the browser's locale as it changes, beside
 * the theme and display mode the caller passes. The bridge sends the view what changed.
 */
export function useHostContext(frame: RefObject<HTMLIFrameElement | null>, inputs: HostContextInputs): McpUiHostContext {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  const [locale, setLocale] = useState(() => navigator.language);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.clientWidth) || FALLBACK_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);

  useEffect(() => {
    const onLanguage = () => setLocale(navigator.language);
    window.addEventListener('languagechange', onLanguage);
    return () => window.removeEventListener('languagechange', onLanguage);
  }, []);

  const { theme, displayMode, maxHeight, call } = inputs;
  return {
    theme,
    displayMode,
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { maxHeight, width },
    locale,
    platform: 'web',
    toolInfo: { id: call.toolCallId, tool: { name: call.toolName, inputSchema: { type: 'object' } } },
  };
}
