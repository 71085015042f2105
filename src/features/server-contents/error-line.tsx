import { describeRequestError } from './request-error';

/** A failed request, with its code, as an alert (the server's text rendered as text). */
export function ErrorLine({ error, testId }: { error: unknown; testId?: string }) {
  const { code, message } = describeRequestError(error);
  return (
    <div className="error-box" role="alert" data-testid={testId} data-code={code}>
      <span className="mono">{code}</span> {message}
    </div>
  );
}
