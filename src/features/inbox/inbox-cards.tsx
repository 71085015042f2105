import type { Inbox, InboxItem } from '../../core/inbox';
import { useStore } from '../../ui/use-store';
import { ElicitationCard } from './elicitation-card';
import { SamplingCard } from './sampling-card';
import './inbox.css';

/** A short line for what needed no card: roots answered, a malformed request refused. */
function Note({ item }: { item: Extract<InboxItem, { kind: 'roots' | 'refused' }> }) {
  if (item.kind === 'roots') {
    return (
      <p className="inbox-note faint" data-testid="roots-note" data-server={item.origin.server}>
        <strong>{item.origin.server}</strong> asked for the roots: answered with{' '}
        {item.roots.length === 0 ? 'none' : item.roots.map((root) => root.uri).join(', ')}.
      </p>
    );
  }
  return (
    <p className="inbox-note error-box" role="alert" data-testid="inbox-refused" data-server={item.origin.server}>
      <strong>{item.origin.server}</strong> sent a malformed {item.method} request; it was refused with a JSON-RPC error: {item.message}
    </p>
  );
}

/**
 * The inbox items a place shows (the chat: those that came during a turn; a manual call form: its
 * server's, since the call started), each as its card. Cards keep their state by item id.
 */
export function InboxCards({ inbox, show }: { inbox: Inbox; show(item: InboxItem): boolean }) {
  const { items } = useStore(inbox);
  const shown = items.filter(show);
  if (shown.length === 0) return null;
  return (
    <div className="inbox-cards" data-testid="inbox-cards">
      {shown.map((item) => {
        switch (item.kind) {
          case 'sampling':
            return <SamplingCard key={item.id} item={item} inbox={inbox} />;
          case 'elicitation':
            return <ElicitationCard key={item.id} item={item} inbox={inbox} />;
          case 'roots':
          case 'refused':
            return <Note key={item.id} item={item} />;
        }
      })}
    </div>
  );
}
