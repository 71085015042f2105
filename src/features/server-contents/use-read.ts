import { useCallback, useRef, useState } from 'react';
import type { McpResourceContent } from '../../core/mcp';

/** A resource read: which URI, and its contents or error once it answered. */
export interface ReadState {
  uri: string;
  loading: boolean;
  contents?: McpResourceContent[];
  error?: unknown;
}

/** Reads resources one at a time; a newer read wins over an older one still on its way. */
export function useRead(read: (uri: string) => Promise<McpResourceContent[]>): [ReadState | undefined, (uri: string) => void] {
  const [state, setState] = useState<ReadState>();
  const latest = useRef(0);
  const start = useCallback(
    (uri: string) => {
      const attempt = ++latest.current;
      setState({ uri, loading: true });
      read(uri).then(
        (contents) => attempt === latest.current && setState({ uri, loading: false, contents }),
        (error: unknown) => attempt === latest.current && setState({ uri, loading: false, error }),
      );
    },
    [read],
  );
  return [state, start];
}
