import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { mockUrl } from '../../core/config';
import {
  listRecordedServers,
  MISS_POLICIES,
  mockFileName,
  mockFromRecording,
  recordingFromHar,
  writeMock,
  type MissPolicy,
  type MockListing,
  type MockRecording,
} from '../../core/mock';
import { parseSessionFile } from '../../core/persistence';
import type { TrafficLog } from '../../core/traffic';
import { downloadText } from '../../ui/download';
import './mocks.css';

/** Props for MockCreateDialog. */
export interface MockCreateDialogProps {
  /** The live session's traffic log (the current session as a source). */
  log: TrafficLog;
  /** The server to tick first (the card's); all are ticked when absent. */
  initialServer?: string;
  /** The session's last secret guard over the file's text (SecretRegistry.redact). */
  redact: (text: string) => string;
  /** Hands a mock file to the page's Service Worker to serve. */
  serve: (text: string) => Promise<MockListing>;
  /** Points the config's entries at the mocks' addresses. Throws with what to do by hand when it cannot. */
  pointConfigAt: (entries: Array<{ name: string; url: string }>) => void;
  onClose: () => void;
}

const POLICY_LABELS: Record<MissPolicy, string> = {
  nearest: 'an error naming the nearest recorded request',
  'fixed-error': 'a fixed error',
  'tool-error': 'a tool error (tools/call)',
};

/** Reads a session file or a Glassbox HAR as a recording; throws with what is wrong. */
function recordingFromFile(text: string): MockRecording {
  let format: unknown;
  try {
    format = (JSON.parse(text) as { format?: unknown }).format;
  } catch (error) {
    throw new Error(`The file is not JSON (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  if (format !== 'glassbox-session') return recordingFromHar(text);
  const parsed = parseSessionFile(text);
  if (parsed.file === undefined) throw new Error(parsed.problems.join(' '));
  return parsed.file.traffic;
}

/**
 * Make a mock (`mock-create`): from this session, a saved session file or a HAR Glassbox exported,
 * of one or more of its servers; download each `.mcp-mock.json` and/or serve it in this page with
 * the config's entry pointed at it. A native modal dialog: focus is trapped and Escape closes it.
 */
export function MockCreateDialog({ log, initialServer, redact, serve, pointConfigAt, onClose }: MockCreateDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fileRecording, setFileRecording] = useState<{ name: string; recording: MockRecording }>();
  const [source, setSource] = useState<'session' | 'file'>('session');
  const [policy, setPolicy] = useState<MissPolicy>('nearest');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const recording = useMemo<MockRecording | undefined>(
    () => (source === 'session' ? log.getSnapshot() : fileRecording?.recording),
    [source, log, fileRecording],
  );
  const servers = useMemo(() => (recording ? listRecordedServers(recording) : []), [recording]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(initialServer !== undefined ? [initialServer] : []));
  const chosen = servers.filter((server) => (picked.size === 0 ? true : picked.has(server.name)));

  /** The chosen servers' mock files, secrets removed; throws with the first reason one cannot be made. */
  const makeFiles = (): Array<{ name: string; text: string }> => {
    if (recording === undefined) throw new Error('Open a session file or a HAR first.');
    if (chosen.length === 0) throw new Error('The recording has no MCP server to mock.');
    return chosen.map((server) => {
      const text = redact(writeMock(mockFromRecording(recording, { server: server.name, missPolicy: policy })));
      JSON.parse(text);
      return { name: server.name, text };
    });
  };

  const run = async (action: 'download' | 'serve') => {
    setError(undefined);
    setDone(undefined);
    setBusy(true);
    try {
      const files = makeFiles();
      if (action === 'download') {
        for (const file of files) downloadText(mockFileName(file.name), file.text);
        setDone(`Downloaded ${files.map((file) => mockFileName(file.name)).join(', ')}.`);
      } else {
        for (const file of files) await serve(file.text);
        pointConfigAt(files.map((file) => ({ name: file.name, url: mockUrl(file.name) })));
        setDone(
          `Serving ${files.map((file) => `${file.name} at ${mockUrl(file.name)}`).join(', ')}; the config now points ${files.length === 1 ? 'its entry' : 'their entries'} there.`,
        );
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const openFile = async (file: File | undefined) => {
    setError(undefined);
    if (file === undefined) return;
    try {
      setFileRecording({ name: file.name, recording: recordingFromFile(await file.text()) });
      setPicked(new Set());
    } catch (caught) {
      setFileRecording(undefined);
      setError(`${file.name}: ${caught instanceof Error ? caught.message : String(caught)}`);
    }
  };

  return (
    <dialog
      ref={ref}
      className="session-dialog mock-dialog"
      aria-labelledby={titleId}
      data-testid="mock-create-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>Make a mock</h2>
      <p>
        A mock answers as a server did in a recording, with no network and no credentials: a file (<code>.mcp-mock.json</code>) that this
        page serves at <code>https://&lt;name&gt;.mock.invalid/mcp</code> and <code>npm run mock</code> serves on loopback.
      </p>
      <fieldset className="mock-source">
        <legend>Recording</legend>
        <label>
          <input
            type="radio"
            name="mock-source"
            checked={source === 'session'}
            onChange={() => setSource('session')}
            data-testid="mock-source-session"
          />{' '}
          this session
        </label>
        <label>
          <input
            type="radio"
            name="mock-source"
            checked={source === 'file'}
            onChange={() => setSource('file')}
            data-testid="mock-source-file-choice"
          />{' '}
          a session file or a HAR Glassbox exported
        </label>
        {source === 'file' && (
          <input
            type="file"
            accept=".json,.har,application/json"
            aria-label="Session file or HAR"
            data-testid="mock-source-file"
            onChange={(event) => void openFile(event.currentTarget.files?.[0])}
          />
        )}
      </fieldset>
      <fieldset className="mock-servers">
        <legend>Servers</legend>
        {servers.length === 0 && (
          <div className="muted">{recording === undefined ? 'No file opened yet.' : 'No MCP server in this recording.'}</div>
        )}
        {servers.map((server) => (
          <label key={server.name}>
            <input
              type="checkbox"
              checked={chosen.includes(server)}
              data-testid={`mock-server-${server.name}`}
              onChange={(event) => {
                const next = new Set(picked.size === 0 ? servers.map((item) => item.name) : picked);
                if (event.currentTarget.checked) next.add(server.name);
                else next.delete(server.name);
                setPicked(next.size === 0 ? new Set(['']) : next);
              }}
            />{' '}
            {server.name}{' '}
            <span className="muted">
              ({server.requests} requests{server.era ? `, ${server.era === 'legacy' ? '2025' : '2026'} era` : ''})
            </span>
          </label>
        ))}
      </fieldset>
      <label className="mock-policy">
        A request with no recorded answer gets{' '}
        <select value={policy} onChange={(event) => setPolicy(event.currentTarget.value as MissPolicy)} data-testid="mock-miss-policy">
          {MISS_POLICIES.map((name) => (
            <option key={name} value={name}>
              {POLICY_LABELS[name]}
            </option>
          ))}
        </select>
      </label>
      {error !== undefined && (
        <p className="error-box" role="alert" data-testid="mock-create-error">
          {error}
        </p>
      )}
      {done !== undefined && (
        <p className="muted" role="status" data-testid="mock-create-done">
          {done}
        </p>
      )}
      <div className="session-dialog-actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => void run('serve')} data-testid="mock-serve">
          Serve in this page and use in the config
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void run('download')} data-testid="mock-download">
          Download
        </button>
        <button type="button" className="button" onClick={onClose} data-testid="mock-create-close">
          Close
        </button>
      </div>
    </dialog>
  );
}
