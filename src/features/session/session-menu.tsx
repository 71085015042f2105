import { Suspense, useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { PersistenceStatus } from '../../core/persistence';
import { downloadSessionFile, type ExportSource } from './export-session';
import type { ImportedView } from './imported-view';
import { useFileDrop } from './use-file-drop';
import { lazyNamed, preloadWhenIdle } from '../../ui/lazy-named';
import { SaveStatus } from './save-status';
import { MenuButton } from '../../ui/menu-button';
import { useStore, type ExternalStore } from '../../ui/use-store';
import './session.css';

/** The "New session" question, loaded when first asked (or once the page is idle). */
const NewSessionDialog = lazyNamed(() => import('./new-session-dialog'), 'NewSessionDialog');

/** Props for SessionMenu. */
export interface SessionMenuProps {
  /** What "Export session" writes: the stores shown now and the config text. */
  getExportSource(): ExportSource;
  /** The mocks of the repro shown now (written again as they are by "Share a repro"). */
  shownMocks?: ImportedView['mocks'];
  /** Clears the live conversation and both traffic logs (config, policies and connections stay). */
  onNewSession(): void;
  /** Shows an imported session read-only. */
  onOpenImported(view: ImportedView): void;
  /** True while an imported session is shown: "New session" applies to the live one, so it waits. */
  readOnly: boolean;
  /** The save state of the live session, read here so that a save redraws only its indicator. */
  persistence?: ExternalStore<PersistenceStatus>;
  /** Downloads the session's OpenTelemetry trace (OTLP/JSON); resolves with what to tell the person. Without it: no such item. */
  exportTrace?(): Promise<string>;
  /** Opens the OpenTelemetry settings. Without it: no such item. */
  onOpenOtelSettings?(): void;
}

/** A short message under the buttons: the outcome of the last export or import. */
type Message = { kind: 'info' | 'error'; text: string };

/**
 * The session actions of the top bar, in one "Session" menu: New session (offers an export
 * first), Export session (one JSON file: config without secrets, conversation, both traffic logs)
 * and Import session… (opens a file read-only); beside it, the save status of the live session.
 */
export function SessionMenu({
  getExportSource,
  shownMocks,
  onNewSession,
  onOpenImported,
  readOnly,
  persistence,
  exportTrace,
  onOpenOtelSettings,
}: SessionMenuProps) {
  const [asking, setAsking] = useState(false);
  const [dialogError, setDialogError] = useState<string>();
  const [message, setMessage] = useState<Message>();
  useEffect(() => preloadWhenIdle([NewSessionDialog]), []);
  const fileInput = useRef<HTMLInputElement>(null);

  /** Downloads the file; returns false (and says why) when it could not be written. */
  const exportNow = (): boolean => {
    try {
      const { fileName, warnings } = downloadSessionFile(getExportSource());
      setMessage(
        warnings.length > 0
          ? { kind: 'error', text: `Exported ${fileName}. ${warnings.join(' ')}` }
          : { kind: 'info', text: `Exported ${fileName}` },
      );
      return true;
    } catch (error) {
      const text = `The session could not be exported: ${error instanceof Error ? error.message : String(error)}`;
      setMessage({ kind: 'error', text });
      setDialogError(text);
      return false;
    }
  };

  const startNew = () => {
    setAsking(false);
    setDialogError(undefined);
    onNewSession();
  };

  const exportRepro = async () => {
    setMessage(undefined);
    try {
      const { downloadReproFile } = await import('./export-repro');
      const { fileName, warnings } = downloadReproFile(getExportSource(), shownMocks);
      setMessage(
        warnings.length > 0
          ? { kind: 'error', text: `Wrote ${fileName}. ${warnings.join(' ')}` }
          : { kind: 'info', text: `Wrote ${fileName}: anyone can open it in Glassbox, with no server and no key.` },
      );
    } catch (error) {
      setMessage({ kind: 'error', text: `The repro could not be written: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file can be chosen again later.
    input.value = '';
    if (file) void openFile(file);
  };

  /** Opens a session or repro file (chosen in the menu or dropped on the page) read-only. */
  const openFile = async (file: File) => {
    setMessage(undefined);
    // The reader's code loads while the file is read.
    const reader = import('./open-file');
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      setMessage({ kind: 'error', text: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const { openFileText } = await reader;
    const { view, problems } = openFileText(text, file.name);
    if (!view) {
      setMessage({ kind: 'error', text: `${file.name} was not opened. ${problems.join(' ')}` });
      return;
    }
    onOpenImported(view);
  };
  const dragging = useFileDrop((file) => void openFile(file));

  return (
    <div className="session-menu" role="group" aria-label="Session">
      <MenuButton
        label="Session"
        testId="session-menu"
        title="New, export or import a session"
        actions={[
          {
            label: 'New session…',
            testId: 'session-new',
            title: 'Clear the conversation and both traffic logs',
            disabledReason: readOnly ? 'Go back to your session first' : undefined,
            onSelect: () => {
              setDialogError(undefined);
              setAsking(true);
            },
          },
          {
            label: 'Export session',
            testId: 'session-export',
            title: 'Download the config (without secrets), the conversation and both traffic logs as one JSON file',
            onSelect: () => void exportNow(),
          },
          {
            label: 'Share a repro',
            testId: 'repro-export',
            title:
              'Download one file with the session, the mocks of its servers and the config without secrets: anyone opens it here and replays it with no server and no key',
            onSelect: () => void exportRepro(),
          },
          ...(exportTrace
            ? [
                {
                  label: 'Export trace (OTLP/JSON)',
                  testId: 'otel-export',
                  title:
                    'Download the OpenTelemetry trace of every turn (turn, model and MCP spans, with the times recorded), as OTLP/JSON',
                  onSelect: () =>
                    void exportTrace().then(
                      (text) => setMessage({ kind: 'info', text }),
                      (error: unknown) =>
                        setMessage({
                          kind: 'error',
                          text: `The trace could not be exported: ${error instanceof Error ? error.message : String(error)}`,
                        }),
                    ),
                },
              ]
            : []),
          ...(onOpenOtelSettings
            ? [
                {
                  label: 'OpenTelemetry…',
                  testId: 'otel-settings-open',
                  title: 'Send each turn to an OTLP/HTTP collector, and propagate the trace to MCP servers',
                  onSelect: onOpenOtelSettings,
                },
              ]
            : []),
          {
            label: 'Open session or repro…',
            testId: 'session-import',
            title: 'Open an exported session or a repro file, read-only (or drop the file on the page)',
            onSelect: () => fileInput.current?.click(),
          },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Session or repro file to open"
        onChange={importFile}
        data-testid="session-import-input"
      />
      {persistence && !readOnly && <LiveSaveStatus persistence={persistence} />}
      {dragging && (
        <div className="file-drop-overlay" data-testid="file-drop-overlay" aria-hidden>
          Drop a session or repro file to open it read-only
        </div>
      )}
      {message && (
        <span
          className={`session-message ${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="session-message"
        >
          {message.text}
          <button type="button" className="link-button" onClick={() => setMessage(undefined)} aria-label="Dismiss message">
            ×
          </button>
        </span>
      )}
      {asking && (
        <Suspense fallback={null}>
          <NewSessionDialog
            error={dialogError}
            onExportFirst={() => {
              if (exportNow()) startNew();
            }}
            onDiscard={startNew}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The save indicator, following the persistence itself. */
function LiveSaveStatus({ persistence }: { persistence: ExternalStore<PersistenceStatus> }) {
  return <SaveStatus status={useStore(persistence)} />;
}
