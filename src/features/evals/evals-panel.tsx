/**
 * The Evals area: open or write an eval file (`*.evals.json`), pick targets, run, and read the
 * matrix of cases × targets; a result shows why it failed and opens its turn on both wires;
 * the report exports as JSON and JUnit XML.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Download } from 'lucide-react';
import type { Services } from '../../core/composition';
import {
  loadEvalValidators,
  readEvalFile,
  targetLabel,
  toJsonReport,
  toJUnitXml,
  type EvalFileResult,
  type EvalResult,
  type EvalRun,
  type EvalTarget,
  type EvalValidators,
} from '../../core/evals';
import { downloadText } from '../../ui/download';
import { useStore } from '../../ui/use-store';
import { EvalDetail } from './eval-detail';
import { EvalEditor } from './eval-editor';
import { EvalMatrix } from './eval-matrix';
import { evalsStoreOf } from './evals-state';
import { useEvalRun } from './use-eval-run';
import './evals.css';

/** Props for EvalsPanel. */
export interface EvalsPanelProps {
  services: Services;
  /** Selects a run's first tool call and first model request on the two wires. */
  onOpenRun(toolCallId: string | undefined, exchangeId: number | undefined): void;
}

/** The panel; see the file comment. */
export function EvalsPanel({ services, onOpenRun }: EvalsPanelProps) {
  // The file, the targets switched off and the chosen result outlive this component (evals-state.ts).
  const store = evalsStoreOf(services);
  const { text, fileName, off, selected } = useStore(store);
  const setText = (next: string) => store.update({ text: next });
  const [validators, setValidators] = useState<EvalValidators>();
  const fileInput = useRef<HTMLInputElement>(null);
  const settings = useStore(services.session).settings;
  const evalRun = useEvalRun(services);

  useEffect(() => {
    let live = true;
    void loadEvalValidators().then((loaded) => live && setValidators(loaded));
    return () => {
      live = false;
    };
  }, []);
  const parsed: EvalFileResult | undefined = useMemo(() => (validators ? readEvalFile(text, validators) : undefined), [text, validators]);
  const file = parsed?.file ?? null;
  // Without targets in the file, the top bar's format and model are the one target.
  const targets: EvalTarget[] =
    file && file.targets.length > 0 ? file.targets : [{ format: settings.provider, model: settings.model, baseUrl: settings.baseUrl }];
  const chosen = targets.filter((target) => !off.has(targetLabel(target)));
  const errors = parsed?.problems.filter((problem) => problem.severity === 'error') ?? [];

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = input.files?.[0];
    input.value = '';
    if (!picked) return;
    store.update({ text: await picked.text(), fileName: picked.name, off: new Set() });
  };
  const openRun = (run: EvalRun) => {
    const exchange = services.log.getSnapshot().exchanges.find((entry) => entry.evalRun === run.id);
    onOpenRun(run.calls[0]?.id, exchange?.id);
  };
  const selectedResult: EvalResult | undefined =
    selected && evalRun.results.find((result) => result.caseName === selected.caseName && result.target === selected.target);
  const base = fileName.replace(/\.json$/, '').replace(/\.evals$/, '');

  return (
    <div className="evals-panel" data-testid="evals">
      <div className="evals-toolbar">
        <button
          type="button"
          className="small-button"
          onClick={() => fileInput.current?.click()}
          data-testid="evals-open-button"
          title="Open a *.evals.json file"
        >
          Open…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Eval file to open"
          onChange={(event) => void open(event)}
          data-testid="evals-open"
        />
        <span className="evals-file-name" title={fileName} data-testid="evals-file-name">
          {fileName}
        </span>
        <span className="spacer" />
        {evalRun.running ? (
          <button type="button" className="button" onClick={evalRun.stop} data-testid="eval-stop">
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={file === null || chosen.length === 0}
            onClick={() => file && void evalRun.run(file, chosen)}
            data-testid="eval-run"
            title={file === null ? 'Fix the eval file first' : 'Run every case against the chosen targets'}
          >
            Run
          </button>
        )}
        <button
          type="button"
          className="small-button"
          disabled={!evalRun.report}
          onClick={() => evalRun.report && downloadText(`${base}.results.json`, toJsonReport(evalRun.report))}
          data-testid="eval-export-json"
          aria-label="Export the results as JSON"
          title={evalRun.report ? `Download ${base}.results.json` : 'Run the file first'}
        >
          <Download aria-hidden size={12} />
          JSON
        </button>
        <button
          type="button"
          className="small-button"
          disabled={!evalRun.report}
          onClick={() => evalRun.report && downloadText(`${base}.junit.xml`, toJUnitXml(evalRun.report), 'application/xml')}
          data-testid="eval-export-junit"
          aria-label="Export the results as JUnit XML"
          title={evalRun.report ? `Download ${base}.junit.xml` : 'Run the file first'}
        >
          <Download aria-hidden size={12} />
          JUnit
        </button>
      </div>
      <EvalEditor text={text} onTextChange={setText} problems={parsed?.problems ?? []} problemsText={text} />
      {errors.length > 0 && (
        <ul className="evals-problems" data-testid="eval-problems">
          {errors.map((problem) => (
            <li key={`${problem.offset}:${problem.code}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      <fieldset className="evals-targets" data-testid="eval-targets">
        <legend>Targets {file && file.targets.length === 0 ? '(the top bar’s format and model)' : ''}</legend>
        {targets.map((target) => {
          const label = targetLabel(target);
          return (
            <label key={label}>
              <input
                type="checkbox"
                checked={!off.has(label)}
                disabled={evalRun.running}
                onChange={(event) => store.update((state) => ({ off: toggled(state.off, label, !event.target.checked) }))}
                data-testid="eval-target"
                data-target={label}
              />
              {label}
            </label>
          );
        })}
        <span className="muted">{` Key: the top bar’s (${settings.provider}). ${file?.servers ? `Servers: the file’s ${file.servers.length}.` : 'Servers: the page’s config.'}`}</span>
      </fieldset>
      {evalRun.notes.length > 0 && (
        <ul className="evals-notes" role="status">
          {evalRun.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {file && (evalRun.running || evalRun.results.length > 0) && (
        <EvalMatrix
          cases={file.cases.map((item) => item.name)}
          targets={evalRun.report?.targets ?? chosen.map(targetLabel)}
          results={evalRun.results}
          running={evalRun.running}
          selected={selected}
          onSelect={(result) => store.update({ selected: { caseName: result.caseName, target: result.target } })}
        />
      )}
      {selectedResult && <EvalDetail result={selectedResult} onOpenRun={openRun} />}
    </div>
  );
}

function toggled(set: ReadonlySet<string>, key: string, add: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (add) next.add(key);
  else next.delete(key);
  return next;
}
