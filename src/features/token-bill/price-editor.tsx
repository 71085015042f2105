import { useState } from 'react';
import { PRICE_FIELDS, type PriceField, type PriceTable } from '../../core/agent';
import { useStore } from '../../ui/use-store';

/** The words for each price field. */
export const PRICE_LABELS: Record<PriceField, string> = {
  input: 'Input',
  output: 'Output',
  cacheRead: 'Cache read',
  cacheWrite: 'Cache write',
};

/** One price input: the text as typed, saved when it is a number (empty clears the price). */
function PriceInput({ table, model, field }: { table: PriceTable; model: string; field: PriceField }) {
  const saved = useStore(table).prices[model]?.[field];
  const [text, setText] = useState(saved === undefined ? '' : String(saved));
  const value = text.trim() === '' ? undefined : Number(text);
  const invalid = value !== undefined && (!Number.isFinite(value) || value < 0);
  return (
    <input
      type="text"
      inputMode="decimal"
      className="price-input mono"
      data-testid={`price-${field}`}
      data-model={model}
      aria-label={`${PRICE_LABELS[field]} price of ${model || '(no model)'} per million tokens`}
      aria-invalid={invalid}
      value={text}
      placeholder="—"
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = next.trim() === '' ? undefined : Number(next);
        if (number === undefined || (Number.isFinite(number) && number >= 0)) table.setPrice(model, field, number);
      }}
    />
  );
}

/**
 * The person's price table: per model, what a million tokens of each kind cost them. Glassbox
 * has no prices of its own; the rows are the models the session used and those already priced.
 */
export function PriceEditor({ table, models }: { table: PriceTable; models: readonly string[] }) {
  const { prices, problems } = useStore(table);
  const listed = [...new Set([...models, ...Object.keys(prices)])].sort();
  return (
    <details className="price-editor" open={listed.length > 0}>
      <summary>Your prices (per million tokens)</summary>
      <p className="note">
        Glassbox ships no prices — they change and differ by contract. Enter yours, in your currency; they stay in this browser. A cost with
        a kind of token you have not priced says so instead of guessing.
      </p>
      {problems.map((problem) => (
        <p key={problem} className="warn-box">
          {problem}
        </p>
      ))}
      {listed.length === 0 ? (
        <p className="muted">No model used yet: send a message, then price its model here.</p>
      ) : (
        <table className="token-bill-table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              {PRICE_FIELDS.map((field) => (
                <th scope="col" key={field} className="num">
                  {PRICE_LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {listed.map((model) => (
              <tr key={model} data-testid="price-row" data-model={model}>
                <td className="mono">{model || '(no model)'}</td>
                {PRICE_FIELDS.map((field) => (
                  <td key={field} className="num">
                    <PriceInput table={table} model={model} field={field} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
