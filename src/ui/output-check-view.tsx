import './output-check.css';
import type { OutputCheck } from '../core/tools';

/** What each verdict says, in a word and a sentence. */
const VERDICT: Record<OutputCheck['status'], { badge: string; tone: string; text: string }> = {
  valid: { badge: 'outputSchema ✓', tone: 'ok', text: "structuredContent matches the tool's outputSchema." },
  invalid: { badge: 'outputSchema ✗', tone: 'err', text: "structuredContent does not match the tool's outputSchema" },
  missing: {
    badge: 'no structuredContent',
    tone: 'warn',
    text: 'The tool declares an outputSchema but its result has no structuredContent.',
  },
  unchecked: { badge: 'outputSchema not checked', tone: 'warn', text: '' },
};

/** The verdict of checking a result's structuredContent against the tool's outputSchema (nothing when there was nothing to check). */
export function OutputCheckView({ check }: { check: OutputCheck | undefined }) {
  if (!check) return null;
  const verdict = VERDICT[check.status];
  const detail =
    check.status === 'invalid' ? `${verdict.text}: ${check.summary}.` : check.status === 'unchecked' ? check.reason : verdict.text;
  return (
    <div className={`output-check ${check.status === 'valid' ? '' : 'warn-box'}`} data-testid="output-check" data-status={check.status}>
      <span className={`badge ${verdict.tone}`}>{verdict.badge}</span> <span>{detail}</span>
    </div>
  );
}
