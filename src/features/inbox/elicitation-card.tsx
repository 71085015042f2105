import { useId, useState } from 'react';
import { initialValues } from '../../core/elicitation';
import type { ElicitationFieldMessage, ElicitationLink, ElicitationValues } from '../../core/elicitation';
import type { ElicitationItem, Inbox } from '../../core/inbox';
import { ElicitationFieldView } from './elicitation-field';

/** What each finished status means, in words. */
const DONE_TEXT: Record<Exclude<ElicitationItem['status'], 'pending'>, string> = {
  accept: 'Accepted: your answer was sent.',
  decline: 'Declined: the server was told no.',
  cancel: 'Cancelled: the server was told you dismissed it.',
  withdrawn: 'Withdrawn: the server or the call gave up waiting.',
};

/** The full address with its domain highlighted; nothing is fetched before the person clicks. */
function LinkView({ link, onOpen }: { link: ElicitationLink; onOpen(): void }) {
  return (
    <div className="inbox-field">
      <p className="mono inbox-url" data-testid="elicitation-url">
        {link.before}
        <mark className="inbox-domain">{link.domain}</mark>
        {link.after}
      </p>
      <p className="faint">
        Opens <strong>{link.domain}</strong> in a new tab. Nothing has been loaded from it yet.
      </p>
      {link.hasCredentials && (
        <p className="warn-box">This address carries a user name or password before the host: the real site is {link.host}.</p>
      )}
      {link.insecure && <p className="warn-box">Plain http: the page and what you type there are not encrypted.</p>}
      <button type="button" className="button primary" data-testid="elicitation-open" onClick={onOpen}>
        Open {link.domain} in a new tab
      </button>
    </div>
  );
}

/**
 * A server asks the person for input: a form built from its `requestedSchema` (defaults filled,
 * required marked, checked before anything is sent), or a link to visit (URL mode). The server's
 * message is shown as text. Accept, decline and cancel answer it; decline and cancel always work,
 * even when the form cannot be shown.
 */
export function ElicitationCard({ item, inbox }: { item: ElicitationItem; inbox: Pick<Inbox, 'answerElicitation'> }) {
  const formId = useId();
  const [values, setValues] = useState<ElicitationValues>(() => (item.form ? initialValues(item.form) : {}));
  const [messages, setMessages] = useState<ElicitationFieldMessage[]>([]);
  const pending = item.status === 'pending';
  const answer = (action: 'accept' | 'decline' | 'cancel') => setMessages(inbox.answerElicitation(item.id, action, values));
  const open = () => {
    if (!item.link) return;
    // Only here, on the person's click: a new tab that cannot reach back to this page.
    window.open(item.link.href, '_blank', 'noopener,noreferrer');
    answer('accept');
  };
  const general = messages.filter((message) => message.field === '' || !item.form?.fields.some((field) => field.name === message.field));
  return (
    <section
      className="inbox-card"
      data-testid="elicitation-card"
      data-status={item.status}
      data-mode={item.mode}
      data-server={item.origin.server}
      aria-labelledby={`${formId}-title`}
    >
      <div className="inbox-title" id={`${formId}-title`}>
        <strong>{item.origin.server}</strong> asks you for {item.mode === 'url' ? 'a visit to a link' : 'information'}
        {item.origin.inputKey !== undefined && <span className="badge">2026 round · {item.origin.inputKey}</span>}
      </div>
      {item.message !== '' && (
        <p className="inbox-message" data-testid="elicitation-message">
          {item.message}
        </p>
      )}
      {item.problems.length > 0 && (
        <div className="error-box" role="alert" data-testid="elicitation-problems">
          {item.mode === 'url' ? 'This link cannot be offered' : 'This form cannot be shown'}:
          <ul>
            {item.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          You can still decline or cancel.
        </div>
      )}
      {!pending && (
        <p className="faint" role="status">
          {DONE_TEXT[item.status as Exclude<ElicitationItem['status'], 'pending'>]}
        </p>
      )}
      {pending &&
        item.form?.fields.map((field) => (
          <ElicitationFieldView
            key={field.name}
            formId={formId}
            field={field}
            value={values[field.name]}
            onChange={(value) => setValues({ ...values, [field.name]: value })}
            messages={messages.filter((message) => message.field === field.name).map((message) => message.message)}
          />
        ))}
      {pending && item.link && <LinkView link={item.link} onOpen={open} />}
      {general.length > 0 && (
        <div className="field-error" role="alert">
          {general.map((message) => message.message).join(' ')}
        </div>
      )}
      {pending && (
        <div className="row">
          {item.mode === 'form' && (
            <button
              type="button"
              className="button primary"
              data-testid="elicitation-accept"
              disabled={item.problems.length > 0}
              onClick={() => answer('accept')}
            >
              Accept and send
            </button>
          )}
          <button type="button" className="button" data-testid="elicitation-decline" onClick={() => answer('decline')}>
            Decline
          </button>
          <button type="button" className="button" data-testid="elicitation-cancel" onClick={() => answer('cancel')}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
