import type { ReactNode } from 'react';
import type { Replay, ReplayCall, ReplaySide } from '../../core/agent';
import { PROVIDERS } from '../../core/providers';
import { ApprovalCard } from './approval-card';
import { formatMs } from './format-ms';
import { PlainText } from './plain-text';
import type { ReplayControls, ShowRequest } from './replay-controls';

/** Words for a replay's status. */
const STATUS_TEXT: Readonly<Record<Replay['status'], { text: string; tone: string }>> = {
  running: { text: 'running', tone: 'info' },
  done: { text: 'done', tone: 'ok' },
  failed: { text: 'failed', tone: 'err' },
  stopped: { text: 'stopped', tone: 'warn' },
  'step-limit': { text: 'step limit reached', tone: 'warn' },
};

/** Words for how a replayed call was answered. */
const SOURCE_TEXT: Readonly<Record<ReplayCall['source'], string>> = {
  recorded: 'recorded result',
  live: 'called live',
  'not-run': 'not run',
};

/**
 * One replay beside its original turn: for each side the requests the model got, the tool calls
 * it chose (name and arguments; a replayed call the original did not make is marked), the final
 * answer, the tokens the responses reported and the time. Model text and arguments are shown as
 * plain text. A live call waiting for the person shows its approval card here. Each request is
 * a link that shows it on the model wire.
 */
export function ReplayResult({
  replay,
  replays,
  onShowRequest,
}: {
  replay: Replay;
  replays: ReplayControls;
  onShowRequest?: ShowRequest | undefined;
}) {
  const status = STATUS_TEXT[replay.status];
  const waiting = replay.calls.filter((call) => call.item.status === 'awaiting-approval');
  const mismatches = replay.calls.filter((call) => call.mismatch).length;
  const row = (label: string, original: ReactNode, replayed: ReactNode, testId: string) => (
    <tr data-testid={testId}>
      <th scope="row">{label}</th>
      <td data-side="original">{original}</td>
      <td data-side="replay">{replayed}</td>
    </tr>
  );

  return (
    <div
      className="replay-result"
      data-testid="replay-result"
      data-replay-id={replay.id}
      data-status={replay.status}
      data-provider={replay.target.provider}
      data-mismatches={mismatches}
    >
      <div className="replay-head">
        <span className="section-title">
          Replay of turn {replay.turn} in {PROVIDERS[replay.target.provider].label}
          {replay.callToolsLive ? ', tools called live' : ', recorded tool results'}
        </span>
        <span className={`badge ${status.tone}`} data-testid="replay-status">
          {status.text}
        </span>
        {replay.status === 'running' && (
          <button type="button" className="small-button" onClick={() => replays.stop(replay.id)} data-testid="replay-stop">
            Stop
          </button>
        )}
      </div>
      {replay.error !== undefined && (
        <p className="error-box" role="alert" data-testid="replay-error">
          {replay.error}
        </p>
      )}
      {waiting.map((call) => (
        <ApprovalCard key={call.item.id} item={call.item} session={replays} />
      ))}
      <table className="replay-compare">
        <caption className="visually-hidden">The original turn and its replay, side by side</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">Original</th>
            <th scope="col">Replay</th>
          </tr>
        </thead>
        <tbody>
          {row('Model', <SideModel side={replay.original} />, <SideModel side={replay.side} />, 'replay-model')}
          {row(
            'Requests',
            <Requests side={replay.original} label="original" onShow={onShowRequest} />,
            <Requests side={replay.side} label="replayed" onShow={onShowRequest} />,
            'replay-requests',
          )}
          {row(
            'Tool calls',
            <Calls side={replay.original} role="original" />,
            <Calls side={replay.side} role="replay" calls={replay.calls} />,
            'replay-calls',
          )}
          {row('Answer', <Answer side={replay.original} />, <Answer side={replay.side} />, 'replay-answer')}
          {row('Tokens', <Tokens side={replay.original} />, <Tokens side={replay.side} />, 'replay-tokens')}
          {row(
            'Time',
            replay.original.durationMs !== undefined ? formatMs(replay.original.durationMs) : '—',
            replay.side.durationMs !== undefined ? formatMs(replay.side.durationMs) : '…',
            'replay-time',
          )}
        </tbody>
      </table>
    </div>
  );
}

function SideModel({ side }: { side: ReplaySide }) {
  return (
    <>
      <span className="badge info">{PROVIDERS[side.provider].label}</span> <span className="mono">{side.model}</span>
    </>
  );
}

/** How many requests a side sent, and each one's exchange id: a link to it on the model wire when the app can show it. */
function Requests({ side, label, onShow }: { side: ReplaySide; label: string; onShow: ShowRequest | undefined }) {
  const { requestIds } = side;
  return (
    <span data-count={requestIds.length}>
      {requestIds.length} on the model wire
      {requestIds.length > 0 && (
        <span className="faint mono">
          {' ('}
          {requestIds.map((id, index) => (
            <span key={id}>
              {index > 0 && ', '}
              {onShow === undefined ? (
                `#${id}`
              ) : (
                <button
                  type="button"
                  className="link-button mono"
                  data-testid="replay-request-link"
                  data-exchange-id={id}
                  aria-label={`Show ${label} request #${id} on the model wire`}
                  title="Select this request on the model wire"
                  onClick={() => onShow(id)}
                >
                  #{id}
                </button>
              )}
            </span>
          ))}
          {')'}
        </span>
      )}
    </span>
  );
}

function Calls({ side, role, calls }: { side: ReplaySide; role: 'original' | 'replay'; calls?: readonly ReplayCall[] }) {
  if (side.calls.length === 0) return <span className="faint">none</span>;
  return (
    <ul className="replay-call-list">
      {side.calls.map((call, index) => {
        const replayed = calls?.[index];
        return (
          <li
            key={`${call.id}-${index}`}
            data-testid="replay-call"
            data-side={role}
            data-tool={call.name}
            data-mismatch={call.mismatch === true ? 'true' : 'false'}
          >
            <span className="mono">{call.name}</span>{' '}
            <code className="replay-args">{JSON.stringify(call.args) ?? '(arguments not readable)'}</code>
            {replayed !== undefined && <span className="badge">{SOURCE_TEXT[replayed.source]}</span>}
            {call.mismatch === true && (
              <span className="badge warn" data-testid="replay-mismatch" title={replayed?.mismatchDetail}>
                not in the original turn
              </span>
            )}
            {call.mismatch === true && replayed?.mismatchDetail !== undefined && (
              <div className="faint replay-mismatch-detail">
                {replayed.mismatchDetail}{' '}
                {replayed.source === 'live' ? 'It was called live.' : 'The model was told it was not recorded; nothing was run.'}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Answer({ side }: { side: ReplaySide }) {
  return side.finalText === '' ? <span className="faint">no text</span> : <PlainText text={side.finalText} className="replay-text" />;
}

function Tokens({ side }: { side: ReplaySide }) {
  const { inputTokens, outputTokens } = side.usage;
  if (inputTokens === undefined && outputTokens === undefined) return <span className="faint">not reported</span>;
  return (
    <span className="mono">
      {inputTokens ?? '?'} in · {outputTokens ?? '?'} out
    </span>
  );
}
