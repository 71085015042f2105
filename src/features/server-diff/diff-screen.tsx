import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Services } from '../../core/composition';
import type { KeyValueStorage } from '../../core/shared';
import {
  CHANGE_KINDS,
  compareSnapshots,
  countChanges,
  FirstSnapshots,
  parseSnapshot,
  SnapshotFileError,
  snapshotOfState,
  type McpSnapshot,
} from '../../core/snapshot';
import { useStore } from '../../ui/use-store';
import { ChangeList, KIND_LABEL } from './change-list';
import { EvalsSection } from './evals-section';
import { ReplaySection } from './replay-section';
import '../../ui/side-panel.css';
import './server-diff.css';

/** A side's choice: a connected server, a server's first-connect snapshot, or an opened file. */
type Choice = `live:${string}` | `first:${string}` | `file:${number}` | '';

/** A side resolved: its snapshot, where it came from, and the page's server behind it (if any). */
interface Side {
  snapshot: McpSnapshot;
  label: string;
  /** The config name whose calls and connection this side stands for. */
  server?: string;
  live: boolean;
}

const TABS = ['changes', 'replay', 'evals'] as const;
type Tab = (typeof TABS)[number];

const ERA_LABEL: Record<string, string> = { legacy: '2025 era', modern: '2026-07-28' };

/** The header of one side: name, version, era, where it came from. */
function SideHead({ letter, side }: { letter: 'A' | 'B'; side: Side | undefined }) {
  if (!side) return <div className="diff-side-head muted">{letter}: choose a side</div>;
  const { server, era, protocolVersion } = side.snapshot;
  return (
    <div className="diff-side-head" data-testid={`diff-side-${letter.toLowerCase()}`}>
      <span className="diff-letter">{letter}</span>
      <strong>{server.title ?? server.name}</strong>
      <span className="mono">{server.version || 'no version'}</span>
      <span className="badge">{era ? ERA_LABEL[era] : 'era unknown'}</span>
      {protocolVersion && <span className="mono faint">{protocolVersion}</span>}
      <span className="faint">· {side.label}</span>
    </div>
  );
}

/**
 * Compare two servers: choose A and B (connected servers, a snapshot file, or a server's snapshot
 * taken when it was first connected) and read every change, grouped by kind, breaking first, with
 * the old and new values side by side. Then replay A's recorded calls on B, run an eval file on
 * both, and accept B as the new baseline (pins and first-connect snapshot).
 */
export function DiffScreen({
  services,
  storage,
  initialServer,
  onClose,
}: {
  services: Services;
  /** Where the first-connect snapshots are kept (the page's localStorage). */
  storage: KeyValueStorage;
  /** The server whose card opened the comparison: A. */
  initialServer?: string | undefined;
  onClose(): void;
}) {
  const titleId = useId();
  const { servers } = useStore(services.connections);
  const connected = servers.filter((server) => server.status === 'connected');
  const book = useMemo(() => new FirstSnapshots(storage), [storage]);
  const [baselineVersion, setBaselineVersion] = useState(0);
  const firsts = useMemo(
    () => servers.flatMap((server) => (book.get(server.name) ? [server.name] : [])),
    // baselineVersion: a new baseline was just stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [servers, book, baselineVersion],
  );
  const [files, setFiles] = useState<Array<{ name: string; snapshot: McpSnapshot }>>([]);
  const [fileError, setFileError] = useState<string>();
  const [a, setA] = useState<Choice>(() => {
    const first = initialServer ?? connected[0]?.name;
    return first === undefined ? '' : `live:${first}`;
  });
  const [b, setB] = useState<Choice>(() => {
    const first = initialServer ?? connected[0]?.name;
    const other = connected.find((server) => server.name !== first);
    if (other) return `live:${other.name}`;
    return first !== undefined && book.get(first) ? `first:${first}` : '';
  });
  const [tab, setTab] = useState<Tab>('changes');
  const [baselineNote, setBaselineNote] = useState<string>();

  const resolve = (choice: Choice): Side | undefined => {
    if (choice.startsWith('live:')) {
      const name = choice.slice(5);
      const state = servers.find((server) => server.name === name);
      if (state?.status !== 'connected') return undefined;
      return { snapshot: snapshotOfState(state, { secrets: services.secrets }), label: `${name}, connected now`, server: name, live: true };
    }
    if (choice.startsWith('first:')) {
      const name = choice.slice(6);
      const snapshot = book.get(name);
      return (
        snapshot && {
          snapshot,
          label: `${name} when first connected (${snapshot.takenAt.slice(0, 16).replace('T', ' ')})`,
          server: name,
          live: false,
        }
      );
    }
    if (choice.startsWith('file:')) {
      const file = files[Number(choice.slice(5))];
      return file && { snapshot: file.snapshot, label: file.name, live: false };
    }
    return undefined;
  };
  const stateA = a.startsWith('live:') ? servers.find((server) => server.name === a.slice(5)) : undefined;
  const stateB = b.startsWith('live:') ? servers.find((server) => server.name === b.slice(5)) : undefined;
  // A live side changes only when its state does (states are immutable).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sideA = useMemo(() => resolve(a), [a, stateA, files, book, baselineVersion]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sideB = useMemo(() => resolve(b), [b, stateB, files, book, baselineVersion]);

  // The comparison, timed from its start to the frame that shows its rows (read by the bench and the tests).
  const startedAt = useRef(0);
  const changes = useMemo(() => {
    if (!sideA || !sideB) return undefined;
    startedAt.current = performance.now();
    return compareSnapshots(sideA.snapshot, sideB.snapshot);
  }, [sideA, sideB]);
  const sectionRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (changes === undefined) return;
    const frame = requestAnimationFrame(() =>
      sectionRef.current?.setAttribute('data-draw-ms', (performance.now() - startedAt.current).toFixed(1)),
    );
    return () => cancelAnimationFrame(frame);
  }, [changes]);
  const counts = changes ? countChanges(changes) : undefined;

  const openFile = async (side: 'A' | 'B', picked: File | undefined) => {
    if (!picked) return;
    try {
      const snapshot = parseSnapshot(await picked.text());
      const index = files.length;
      setFiles((current) => [...current, { name: picked.name, snapshot }]);
      setFileError(undefined);
      (side === 'A' ? setA : setB)(`file:${index}`);
    } catch (error) {
      // The file is refused as a whole: both sides keep what they had.
      setFileError(
        `${picked.name}: ${error instanceof SnapshotFileError ? error.message : error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const acceptBaseline = () => {
    if (!sideB?.live || sideB.server === undefined || !stateB) return;
    for (const tool of stateB.tools) services.policies.pin(sideB.server, tool.name);
    try {
      book.replace(sideB.server, sideB.snapshot);
      setBaselineNote(
        `${sideB.server} ${sideB.snapshot.server.version}: the pins of its ${stateB.tools.length} tools now hold these definitions (tool registry), and this snapshot is its baseline.`,
      );
    } catch (error) {
      setBaselineNote(
        `Pins updated, but the baseline snapshot could not be stored: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    setBaselineVersion((version) => version + 1);
  };

  const picker = (letter: 'A' | 'B', value: Choice, set: (choice: Choice) => void) => (
    <div className="diff-picker">
      <label>
        <span className="diff-letter">{letter}</span>
        <select
          aria-label={`Side ${letter}`}
          value={value}
          onChange={(event) => set(event.target.value as Choice)}
          data-testid={`diff-pick-${letter.toLowerCase()}`}
        >
          <option value="">Choose…</option>
          {connected.length > 0 && (
            <optgroup label="Connected servers">
              {connected.map((server) => (
                <option key={server.name} value={`live:${server.name}`}>
                  {server.name} {server.serverInfo?.version ?? ''}
                </option>
              ))}
            </optgroup>
          )}
          {firsts.length > 0 && (
            <optgroup label="When first connected">
              {firsts.map((name) => (
                <option key={name} value={`first:${name}`}>
                  {name} (first connected)
                </option>
              ))}
            </optgroup>
          )}
          {files.length > 0 && (
            <optgroup label="Snapshot files">
              {files.map((file, index) => (
                <option key={`${index}:${file.name}`} value={`file:${index}`}>
                  {file.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      <label className="small-button">
        File…
        <input
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          aria-label={`Open a snapshot file as ${letter}`}
          data-testid={`diff-file-${letter.toLowerCase()}`}
          onChange={(event) => {
            void openFile(letter, event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );

  // The tabs as the ARIA pattern has them: one in the Tab order, the arrow keys move between them.
  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${titleId}-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`${titleId}-panel`}
      tabIndex={tab === id ? 0 : -1}
      className={`diff-tab${tab === id ? ' selected' : ''}`}
      onClick={() => setTab(id)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const next = TABS[(TABS.indexOf(id) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? id;
        setTab(next);
        document.getElementById(`${titleId}-tab-${next}`)?.focus();
      }}
      data-testid={`diff-tab-${id}`}
    >
      {label}
    </button>
  );

  return (
    <section
      ref={sectionRef}
      className="side-panel server-diff"
      role="dialog"
      aria-labelledby={titleId}
      data-testid="diff-screen"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="server-diff-head">
        <h2 id={titleId}>Compare servers</h2>
        {picker('A', a, setA)}
        <span aria-hidden className="faint">
          →
        </span>
        {picker('B', b, setB)}
        <span className="spacer" />
        <button
          type="button"
          className="small-button"
          disabled={!sideB?.live}
          onClick={acceptBaseline}
          data-testid="diff-accept-baseline"
          title={
            sideB?.live
              ? `Pin ${sideB.server ?? ''}'s tools as they are now and keep this snapshot as its baseline`
              : 'B must be a connected server'
          }
        >
          Accept B as baseline
        </button>
        <button type="button" className="small-button" onClick={onClose} data-testid="diff-close" autoFocus>
          Close
        </button>
      </header>
      {fileError && (
        <div className="error-box" role="alert" data-testid="diff-file-error">
          {fileError}
        </div>
      )}
      {baselineNote && (
        <div className="diff-ok-box" role="status" data-testid="diff-baseline-done">
          {baselineNote}
        </div>
      )}
      <div className="diff-sides">
        <SideHead letter="A" side={sideA} />
        <SideHead letter="B" side={sideB} />
      </div>
      {counts && (
        <div className="diff-counts" data-testid="diff-counts" aria-live="polite">
          {CHANGE_KINDS.map((kind) => (
            <span
              key={kind}
              className={`diff-count kind-${kind}${counts[kind] === 0 ? ' zero' : ''}`}
              data-testid={`diff-count-${kind}`}
              data-count={counts[kind]}
            >
              <strong>{counts[kind]}</strong> {KIND_LABEL[kind].title.toLowerCase()}
            </span>
          ))}
        </div>
      )}
      <div className="diff-tabs" role="tablist" aria-label="Comparison views">
        {tabButton('changes', 'Changes')}
        {tabButton('replay', 'Replay on B')}
        {tabButton('evals', 'Evals on both')}
      </div>
      <div className="server-diff-body" role="tabpanel" id={`${titleId}-panel`} aria-labelledby={`${titleId}-tab-${tab}`} tabIndex={0}>
        {tab === 'changes' &&
          (changes ? (
            <ChangeList changes={changes} />
          ) : (
            <p className="muted">
              Choose A and B: two connected servers, a server now and when it was first connected, or a snapshot file (*.mcp-snapshot.json).
            </p>
          ))}
        {tab === 'replay' && (
          <ReplaySection
            services={services}
            serverA={sideA?.server}
            serverB={sideB?.live ? sideB.server : undefined}
            toolsA={servers.find((server) => server.name === sideA?.server)?.tools ?? []}
          />
        )}
        {tab === 'evals' &&
          (sideA?.live && sideB?.live && sideA.server !== undefined && sideB.server !== undefined ? (
            <EvalsSection services={services} serverA={sideA.server} serverB={sideB.server} />
          ) : (
            <p className="muted">Evals run through both connections: choose two connected servers as A and B.</p>
          ))}
      </div>
    </section>
  );
}
