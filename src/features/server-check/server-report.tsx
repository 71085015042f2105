import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toBadgeSvg, toJsonReport, toJUnitXml, toMarkdown, type CheckFinding, type CheckReport } from '../../core/checks';
import type { Services } from '../../core/composition';
import { downloadText } from '../../ui/download';
import { useStore } from '../../ui/use-store';
import { serverChecksOf } from './check-state';
import { FindingList } from './finding-list';
import { ToolCallsPicker } from './tool-calls-picker';
import '../../ui/side-panel.css';
import './server-check.css';

/** Which findings the list shows. */
type Shown = 'problems' | 'all';

const isProblem = (finding: CheckFinding): boolean => finding.severity === 'fail' || finding.severity === 'warn';

/** A file name's stem for a server's exports. */
const fileStem = (server: string): string => `${server.replace(/[^\w.-]+/g, '_')}.check`;

/** The summary line per category: passed, warnings, failures (and notes). */
function Summary({ report }: { report: CheckReport }) {
  return (
    <table className="check-summary" data-testid="check-summary">
      <caption className="visually-hidden">Findings per category</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Passed</th>
          <th scope="col">Warnings</th>
          <th scope="col">Failures</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {report.summary.map((line) => (
          <tr
            key={line.category}
            data-testid={`check-summary-${line.category}`}
            data-verdict={line.fail > 0 ? 'fail' : line.warn > 0 ? 'warn' : 'pass'}
          >
            <th scope="row">{line.label}</th>
            <td className="num">{line.pass}</td>
            <td className={`num${line.warn > 0 ? ' severity-warn' : ''}`}>{line.warn}</td>
            <td className={`num${line.fail > 0 ? ' severity-fail' : ''}`}>{line.fail}</td>
            <td className="num faint">{line.info}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What changed since the last run of this server's check. */
function Changes({ changes }: { changes: NonNullable<CheckReport['changes']> }) {
  const { appeared, resolved, changed } = changes;
  const name = (finding: CheckFinding) => `${finding.title}${finding.subject ? ` (${finding.subject})` : ''}`;
  if (appeared.length + resolved.length + changed.length === 0)
    return (
      <p className="check-changes muted" data-testid="check-changes">
        Since the last run: nothing changed.
      </p>
    );
  return (
    <div className="check-changes" data-testid="check-changes">
      <strong>Since the last run:</strong> {resolved.length} resolved, {appeared.length} new, {changed.length} changed severity.
      <ul>
        {resolved.map((finding) => (
          <li key={`r-${finding.id}-${finding.subject ?? ''}`} data-testid="check-change" data-change="resolved" data-check={finding.id}>
            <span className="check-severity severity-pass">resolved</span> {name(finding)}
          </li>
        ))}
        {appeared.map((finding) => (
          <li key={`a-${finding.id}-${finding.subject ?? ''}`} data-testid="check-change" data-change="appeared" data-check={finding.id}>
            <span className={`check-severity severity-${finding.severity}`}>new</span> {name(finding)}
          </li>
        ))}
        {changed.map(({ finding, before }) => (
          <li key={`c-${finding.id}-${finding.subject ?? ''}`} data-testid="check-change" data-change="changed" data-check={finding.id}>
            <span className={`check-severity severity-${finding.severity}`}>{finding.severity}</span> {name(finding)} (was {before})
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A server's check: run it, choose tools it may call, read the verdict per category and each
 * finding with the exchanges that show it, and download the report (JSON, JUnit XML, Markdown, an
 * SVG badge). A non-modal panel beside the wires, so a finding's exchanges can be read while it stays open.
 */
export function ServerReport({
  services,
  server,
  onSelectServer,
  onShowExchanges,
  onClose,
}: {
  services: Services;
  server: string;
  onSelectServer(server: string): void;
  /** Selects exchanges on the MCP wire (the first is opened). */
  onShowExchanges(ids: readonly number[]): void;
  onClose(): void;
}) {
  const store = serverChecksOf(services);
  useStore(store);
  const check = store.of(server);
  const { servers } = useStore(services.connections);
  const state = servers.find((entry) => entry.name === server);
  const connected = servers.filter((entry) => entry.status === 'connected' && entry.url !== undefined);
  const titleId = useId();
  const [shown, setShown] = useState<Shown>('problems');
  // While the person reads a finding's exchanges on the wire, the report folds to its head row.
  const [docked, setDocked] = useState(false);
  const showExchanges = useCallback(
    (ids: readonly number[]) => {
      setDocked(true);
      onShowExchanges(ids);
    },
    [onShowExchanges],
  );
  const report = check.report;

  // The first opening of a server's report runs its check at once.
  useEffect(() => {
    if (store.of(server).report === undefined && !store.of(server).running && state?.status === 'connected')
      void store.run(services, server);
    // Once per server: later state changes must not start a run the person did not ask for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [server]);

  // How long the report took to draw after its checks finished (read by the bench and the tests).
  const sectionRef = useRef<HTMLElement>(null);
  const finishedAt = check.finishedAt;
  useLayoutEffect(() => {
    if (report === undefined || finishedAt === undefined) return;
    // Committed now; the next frame is when it is on the screen.
    const frame = requestAnimationFrame(() => {
      sectionRef.current?.setAttribute('data-draw-ms', (performance.now() - finishedAt).toFixed(1));
    });
    return () => cancelAnimationFrame(frame);
  }, [report, finishedAt]);

  const findings = useMemo(() => (report ? (shown === 'all' ? report.findings : report.findings.filter(isProblem)) : []), [report, shown]);
  const problems = report ? report.findings.filter(isProblem).length : 0;
  const stem = fileStem(server);

  return (
    <section
      ref={sectionRef}
      className={`side-panel server-report${docked ? ' docked' : ''}`}
      role="dialog"
      aria-labelledby={titleId}
      data-testid={`server-report-${server}`}
      data-running={check.running ? 'true' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="server-report-head">
        <h2 id={titleId}>Server check</h2>
        <select aria-label="Server to check" value={server} onChange={(event) => onSelectServer(event.target.value)}>
          {!connected.some((entry) => entry.name === server) && <option value={server}>{server}</option>}
          {connected.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name}
            </option>
          ))}
        </select>
        {check.running ? (
          <button type="button" className="button" onClick={() => store.stop(server)} data-testid="check-stop">
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={() => void store.run(services, server)}
            disabled={state?.status !== 'connected'}
            data-testid="check-run"
            title={state?.status === 'connected' ? undefined : `Connect ${server} first`}
          >
            {report ? 'Run again' : 'Run check'}
          </button>
        )}
        <span className="spacer" />
        {docked && (
          <button type="button" className="small-button" onClick={() => setDocked(false)} data-testid="check-undock" autoFocus>
            Back to the report
          </button>
        )}
        <button type="button" className="small-button" onClick={onClose} data-testid="server-report-close">
          Close
        </button>
      </header>

      <div className="server-report-meta" aria-live="polite" data-testid="check-status">
        {check.running
          ? `Checking ${server}…`
          : report
            ? [
                report.serverInfo?.name ? `${report.serverInfo.name} ${report.serverInfo.version ?? ''}`.trim() : server,
                report.era ? `era ${report.era}` : 'no era answered',
                `${report.findings.length} checks in ${Math.round(report.durationMs)} ms`,
                problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'}`,
              ].join(' · ')
            : state?.status === 'connected'
              ? 'Not checked yet.'
              : `${server} is not connected: connect it to check it.`}
      </div>
      {!docked && check.error && (
        <div className="error-box" role="alert" data-testid="check-error">
          {check.error}
        </div>
      )}

      {state && (
        <ToolCallsPicker
          server={server}
          tools={state.tools}
          calls={check.calls}
          onChange={(tool, args) => store.setCall(server, tool, args)}
        />
      )}

      {!docked && report && (
        <>
          <Summary report={report} />
          {report.changes && <Changes changes={report.changes} />}
          <div className="server-report-bar" role="toolbar" aria-label="Findings and exports">
            <fieldset className="check-shown">
              <legend className="visually-hidden">Findings shown</legend>
              <label>
                <input type="radio" name={`${titleId}-shown`} checked={shown === 'problems'} onChange={() => setShown('problems')} />{' '}
                Problems ({problems})
              </label>
              <label>
                <input
                  type="radio"
                  name={`${titleId}-shown`}
                  checked={shown === 'all'}
                  onChange={() => setShown('all')}
                  data-testid="check-show-all"
                />{' '}
                All ({report.findings.length})
              </label>
            </fieldset>
            <span className="spacer" />
            <span className="faint">Download</span>
            <button
              type="button"
              className="small-button"
              onClick={() => downloadText(`${stem}.json`, toJsonReport(report))}
              data-testid="check-export-json"
            >
              JSON
            </button>
            <button
              type="button"
              className="small-button"
              onClick={() => downloadText(`${stem}.junit.xml`, toJUnitXml(report), 'application/xml')}
              data-testid="check-export-junit"
            >
              JUnit
            </button>
            <button
              type="button"
              className="small-button"
              onClick={() => downloadText(`${stem}.md`, toMarkdown(report), 'text/markdown')}
              data-testid="check-export-markdown"
            >
              Markdown
            </button>
            <button
              type="button"
              className="small-button"
              onClick={() => downloadText(`${stem}.svg`, toBadgeSvg(report), 'image/svg+xml')}
              data-testid="check-export-badge"
            >
              Badge
            </button>
          </div>
          <FindingList findings={findings} onShowExchanges={showExchanges} />
        </>
      )}
    </section>
  );
}
