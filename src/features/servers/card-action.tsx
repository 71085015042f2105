/** One of the card's tool buttons (Check, Compare, Snapshot, Mock, Load), each opening another feature's panel. */
export function CardAction({
  label,
  ariaLabel,
  title,
  testId,
  onClick,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  testId: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="small-button" onClick={onClick} aria-label={ariaLabel} title={title} data-testid={testId}>
      {label}
    </button>
  );
}
