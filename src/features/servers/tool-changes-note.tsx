import type { PolicySnapshot } from '../../core/tools';
import type { ExternalStore } from '../../ui/use-store';
import { useStore } from '../../ui/use-store';

/**
 * On a server card: the tools whose definition changed since the person allowed them. They ask
 * again; the registry shows the word diff.
 */
export function ToolChangesNote({ server, policies }: { server: string; policies: ExternalStore<PolicySnapshot> }) {
  const changes = useStore(policies).changes.filter((change) => change.server === server);
  if (changes.length === 0) return null;
  return (
    <div className="warn-box" data-testid={`server-tool-changes-${server}`} role="status">
      <strong>
        {changes.length} tool{changes.length === 1 ? '' : 's'} changed since you allowed {changes.length === 1 ? 'it' : 'them'}:
      </strong>{' '}
      {changes.map((change, index) => (
        <span key={change.tool} data-testid="server-tool-change" data-tool={change.tool}>
          {index > 0 ? ', ' : ''}
          <code>{change.tool}</code> ({change.fields.map((field) => field.field).join(', ')})
        </span>
      ))}
      . {changes.length === 1 ? 'It asks' : 'They ask'} before running again; the tool registry shows what changed.
    </div>
  );
}
