import { useCallback, useState } from 'react';
import type { HttpExchange, RpcMessageRecord } from '../core/traffic';
import { downloadText } from './download';
import { fileTimestamp } from './format-time';

/**
 * Exports a wire's exchanges as a HAR file named `glassbox-<wire>-<time>.har`, and keeps the
 * error of the last attempt. The HAR code is loaded on demand (a separate chunk). `messagesOf`, when
 * given, names the JSON-RPC messages the exported exchanges carried (each entry lists its own).
 */
export function useHarExport(
  wire: string,
  exchangesOf: () => readonly HttpExchange[],
  appVersion: string,
  messagesOf?: (exchanges: readonly HttpExchange[]) => readonly RpcMessageRecord[],
): { exportHar(): void; exportError?: string } {
  const [exportError, setExportError] = useState<string>();
  const exportHar = useCallback(() => {
    setExportError(undefined);
    void (async () => {
      try {
        const exchanges = exchangesOf();
        const { toHar } = await import('../core/traffic/har');
        const har = toHar(exchanges, { creatorVersion: appVersion, ...(messagesOf ? { messages: messagesOf(exchanges) } : {}) });
        downloadText(`glassbox-${wire}-${fileTimestamp(Date.now())}.har`, JSON.stringify(har, null, 2), 'application/json');
      } catch (error) {
        setExportError(error instanceof Error ? error.message : String(error));
      }
    })();
  }, [wire, exchangesOf, appVersion, messagesOf]);
  return { exportHar, exportError };
}
