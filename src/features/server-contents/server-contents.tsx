import type { NeutralMessage, NeutralPart } from '../../core/conversation';
import type { GuardStore } from '../../core/guard';
import { offersResources } from '../../core/mcp';
import type { ServerConnection, ServerState } from '../../core/mcp';
import type { SkillOffers } from '../../core/tools';
import { useStore } from '../../ui/use-store';
import type { ContentsTab, ContentsView, ContentsViewStore } from './contents-state';
import { PromptsTab } from './prompts-tab';
import { ResourcesTab } from './resources-tab';
import { useContentInvalidation } from './server-queries';
import { SkillsTab } from './skills-tab';
import './server-contents.css';

/** Props for ServerContents. */
export interface ServerContentsProps {
  server: ServerState;
  connection: ServerConnection | undefined;
  onAttach(label: string, parts: NeutralPart[]): void;
  onInsert(source: string, messages: NeutralMessage[]): void;
  /** Where a loaded skill is offered to the model. */
  skillOffers?: SkillOffers;
  /** Findings on the servers' text (a loaded skill's are shown with it). */
  guard?: GuardStore;
  /** The open tab and skill of each card, kept outside it (contents-state.ts): they outlive a remount. */
  views: ContentsViewStore;
}

/**
 * A connected server's resources, prompts and skills, beside its tools, in a small tab strip (closed
 * until picked). Its reads are react-query queries: the app provides the one QueryClient around it.
 */
export function ServerContents({ server, connection, onAttach, onInsert, skillOffers, guard, views }: ServerContentsProps) {
  const view = useStore(views).get(server.name) ?? {};
  if (server.status !== 'connected' || !connection) return null;
  return (
    <ConnectedContents
      server={server}
      connection={connection}
      view={view}
      change={(change) => views.update(server.name, change)}
      onAttach={onAttach}
      onInsert={onInsert}
      skillOffers={skillOffers}
      guard={guard}
    />
  );
}

/** The tabs of a connected server; its reads follow the connection's content changes. */
function ConnectedContents({
  server,
  connection,
  view,
  change,
  onAttach,
  onInsert,
  skillOffers,
  guard,
}: Omit<ServerContentsProps, 'connection' | 'views'> & {
  connection: ServerConnection;
  view: ContentsView;
  change(change: Partial<ContentsView>): void;
}) {
  useContentInvalidation(server.name, connection);
  const { tab } = view;
  const hasPrompts = typeof server.capabilities?.prompts === 'object';
  const tabs: Array<[ContentsTab, string]> = [];
  if (offersResources(server.capabilities))
    tabs.push(['resources', `Resources (${(server.resources?.length ?? 0) + (server.resourceTemplates?.length ?? 0)})`]);
  if (hasPrompts) tabs.push(['prompts', `Prompts (${server.prompts?.length ?? 0})`]);
  if (server.skills) tabs.push(['skills', `Skills (${server.skills.length})`]);
  if (tabs.length === 0) return null;
  return (
    <div className="server-contents">
      <div className="tabs" role="tablist" aria-label={`Contents of ${server.name}`}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === id}
            data-testid={`contents-tab-${id}-${server.name}`}
            onClick={() => change({ tab: tab === id ? undefined : id })}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'resources' && <ResourcesTab server={server} connection={connection} onAttach={onAttach} />}
      {tab === 'prompts' && <PromptsTab server={server} connection={connection} onInsert={onInsert} />}
      {tab === 'skills' && (
        <SkillsTab
          server={server}
          connection={connection}
          skillOffers={skillOffers}
          guard={guard}
          open={view.skill}
          onOpen={(skill) => change({ skill })}
        />
      )}
    </div>
  );
}
