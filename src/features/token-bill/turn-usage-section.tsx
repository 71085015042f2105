import { useMemo } from 'react';
import { PRICE_FIELDS, totalUsage, usageByTurn, type Cost, type PriceTable, type TokenCounts } from '../../core/agent';
import type { TrafficLog } from '../../core/traffic';
import { formatCount } from '../../core/shared';
import { useStore } from '../../ui/use-store';
import { PRICE_LABELS, PriceEditor } from './price-editor';

/** A cost for display: the amount, or what is missing to compute it. */
function CostCell({ cost, testId }: { cost: Cost; testId: string }) {
  const missing = cost.missing.map((field) => PRICE_LABELS[field].toLowerCase()).join(', ');
  return (
    <td
      className="num"
      data-testid={testId}
      data-cost={cost.missing.length === 0 ? cost.amount : ''}
      title={missing ? `No price entered for: ${missing}` : undefined}
    >
      {cost.missing.length === 0 ? String(Number(cost.amount.toFixed(6))) : cost.amount > 0 ? `≥ ${cost.amount.toFixed(4)}` : '—'}
    </td>
  );
}

/** The four token counts as cells. */
function CountCells({ tokens }: { tokens: TokenCounts }) {
  return (
    <>
      {PRICE_FIELDS.map((field) => (
        <td key={field} className="num" data-field={field}>
          {formatCount(tokens[field])}
        </td>
      ))}
    </>
  );
}

/**
 * Per turn, the tokens the responses reported (input not from the cache, output, cache read,
 * cache write) and their cost at the person's prices; the session's total below.
 */
export function TurnUsageSection({ log, prices }: { log: Pick<TrafficLog, 'subscribe' | 'getSnapshot'>; prices: PriceTable }) {
  const traffic = useStore(log);
  const table = useStore(prices).prices;
  const turns = useMemo(() => usageByTurn(traffic.exchanges.slice(0, traffic.exchangeCount), table), [traffic, table]);
  const total = useMemo(() => totalUsage(turns), [turns]);
  const models = useMemo(() => [...new Set(turns.flatMap((turn) => turn.models))], [turns]);
  return (
    <section className="token-bill-turns" aria-labelledby="token-bill-turns-title">
      <h3 id="token-bill-turns-title" className="section-title">
        Per turn: what the responses reported
      </h3>
      <p className="note">
        The counts each model response carried in its <span className="mono">usage</span>. Input is what was not read from the cache
        (OpenAI&apos;s input figure includes cached tokens; they are moved to cache read here).
      </p>
      {turns.length === 0 ? (
        <p className="muted">No turn yet.</p>
      ) : (
        <table className="token-bill-table">
          <thead>
            <tr>
              <th scope="col">Turn</th>
              <th scope="col">Model</th>
              {PRICE_FIELDS.map((field) => (
                <th scope="col" key={field} className="num">
                  {PRICE_LABELS[field]}
                </th>
              ))}
              <th scope="col" className="num">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {turns.map((turn) => (
              <tr
                key={turn.turn}
                data-testid="turn-usage-row"
                data-turn={turn.turn}
                data-input={turn.tokens.input}
                data-output={turn.tokens.output}
              >
                <td>
                  {turn.turn}{' '}
                  <span className="muted">
                    ({turn.requests} request{turn.requests === 1 ? '' : 's'}
                    {turn.unreported > 0 ? `, ${turn.unreported} without usage` : ''})
                  </span>
                </td>
                <td className="mono">{turn.models.join(', ')}</td>
                <CountCells tokens={turn.tokens} />
                <CostCell cost={turn.cost} testId="turn-usage-cost" />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="turn-usage-total" data-input={total.tokens.input} data-output={total.tokens.output}>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <CountCells tokens={total.tokens} />
              <CostCell cost={total.cost} testId="turn-usage-total-cost" />
            </tr>
          </tfoot>
        </table>
      )}
      <PriceEditor table={prices} models={models} />
    </section>
  );
}
