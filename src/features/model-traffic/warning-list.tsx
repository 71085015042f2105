/** Warnings of a conversion or a parse, each with what it is about in bold. */
export function WarningList({ warnings, label }: { warnings: ReadonlyArray<{ subject?: string; message: string }>; label: string }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="model-warnings" aria-label={label}>
      {warnings.map((warning, index) => (
        <li key={index} className="warn-box">
          {warning.subject !== undefined && <strong>{warning.subject}: </strong>}
          {warning.message}
        </li>
      ))}
    </ul>
  );
}
