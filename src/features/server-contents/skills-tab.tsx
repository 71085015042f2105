import { useSyncExternalStore } from 'react';
import type { GuardStore } from '../../core/guard';
import type { ServerConnection, ServerState, SkillEntry, SkillLoad } from '../../core/mcp';
import type { SkillOffers } from '../../core/tools';
import { EscapedText } from '../../ui/escaped-text';
import { FindingList } from '../../ui/tool-guard-view';

/** Props for SkillsTab. */
export interface SkillsTabProps {
  server: ServerState;
  connection: ServerConnection;
  /** Where a loaded skill is offered to the model (the `use_skill` tool); without it, no offer. */
  skillOffers?: SkillOffers | undefined;
  /** Findings on the skills' text (descriptions, loaded SKILL.md bodies). */
  guard?: GuardStore | undefined;
  /** The SKILL.md URI of the skill open (kept by the card: it outlives this tab). */
  open: string | undefined;
  onOpen(uri: string): void;
}

const NO_OFFERS = { subscribe: () => () => undefined, getSnapshot: () => undefined };

/**
 * A server's skills (the skills extension): name and description from each entry, nothing read
 * until one is opened. Opening loads SKILL.md and its files, each checked against the entry
 * (size, sha256 digest, frontmatter); a mismatch refuses the skill and says which file and what
 * differed. A loaded skill can be offered to the model.
 */
export function SkillsTab({ server, connection, skillOffers, guard, open, onOpen }: SkillsTabProps) {
  const skills = server.skills ?? [];
  useSyncExternalStore(skillOffers?.subscribe ?? NO_OFFERS.subscribe, skillOffers?.getSnapshot ?? NO_OFFERS.getSnapshot);
  const findings =
    useSyncExternalStore(guard?.subscribe ?? NO_OFFERS.subscribe, guard?.getSnapshot ?? NO_OFFERS.getSnapshot)?.findings ?? [];
  const entry = skills.find((skill) => skill.uri === open);
  const load = open ? server.skillLoads?.[open] : undefined;

  const openSkill = (uri: string) => {
    onOpen(uri);
    // The outcome (loaded, refused, failed) arrives in the server's state.
    connection.skills.open(uri).catch(() => undefined);
  };

  return (
    <div className="contents-tab">
      <ul className="contents-list" data-testid={`skills-${server.name}`} aria-label={`Skills of ${server.name}`}>
        {skills.length === 0 && <li className="muted">This server lists no skills.</li>}
        {skills.map((skill) => (
          <li key={skill.uri}>
            {/* Name and state on the first line, the description under it: every row alike, however long. */}
            <button
              type="button"
              className="tool-button skill-item"
              data-testid="skill-item"
              data-uri={skill.uri}
              aria-pressed={open === skill.uri}
              onClick={() => openSkill(skill.uri)}
            >
              <span className="skill-item-head">
                <span className="mono tool-name">{skill.name}</span>
                <SkillBadge load={server.skillLoads?.[skill.uri]} />
              </span>
              <span className="faint skill-item-description">{skill.description}</span>
            </button>
          </li>
        ))}
      </ul>
      {entry && (
        <SkillDetail
          entry={entry}
          load={load}
          offered={skillOffers?.isOffered(server.name, entry.uri) ?? false}
          findings={findings.filter(
            (finding) => finding.server === server.name && finding.subject.type === 'skill' && finding.subject.name === entry.name,
          )}
          {...(skillOffers && {
            onOffer: (on: boolean) =>
              on
                ? skillOffers.offer({ server: server.name, uri: entry.uri, name: entry.name, description: entry.description })
                : skillOffers.withdraw(server.name, entry.uri),
          })}
        />
      )}
    </div>
  );
}

function SkillBadge({ load }: { load: SkillLoad | undefined }) {
  if (!load) return null;
  const text = load.status === 'loaded' ? 'verified' : load.status === 'loading' ? 'loading…' : load.status;
  return (
    <span className={`badge${load.status === 'refused' || load.status === 'failed' ? ' err' : load.status === 'loaded' ? ' ok' : ''}`}>
      {text}
    </span>
  );
}

interface SkillDetailProps {
  entry: SkillEntry;
  load: SkillLoad | undefined;
  offered: boolean;
  findings: Parameters<typeof FindingList>[0]['findings'];
  onOffer?: (on: boolean) => void;
}

/** One opened skill: its load, its refusal, or its verified files and SKILL.md body. */
function SkillDetail({ entry, load, offered, findings, onOffer }: SkillDetailProps) {
  return (
    <div className="contents-detail skill-detail" data-testid="skill-detail" data-uri={entry.uri}>
      <div className="contents-head">
        <span className="mono">{entry.uri}</span>{' '}
        <span className="faint">{entry.files === 'dynamic' ? 'files listed dynamically' : `${entry.files.length} file(s) listed`}</span>
      </div>
      {(!load || load.status === 'loading') && <p className="muted">Reading and verifying its files…</p>}
      {load?.status === 'failed' && (
        <div className="error-box" role="alert" data-testid="skill-error" data-code="failed">
          The skill could not be loaded: {load.message}
        </div>
      )}
      {load?.status === 'refused' && (
        <div className="error-box" role="alert" data-testid="skill-error" data-code={load.error.code} data-file={load.error.file}>
          <strong>Refused, not loaded:</strong> {load.error.message}
          <dl className="skill-mismatch">
            <dt>file</dt>
            <dd className="mono">{load.error.file}</dd>
            {load.error.expected !== undefined && (
              <>
                <dt>entry says</dt>
                <dd className="mono">{load.error.expected}</dd>
              </>
            )}
            {load.error.actual !== undefined && (
              <>
                <dt>server sent</dt>
                <dd className="mono">{load.error.actual}</dd>
              </>
            )}
          </dl>
        </div>
      )}
      {load?.status === 'loaded' && (
        <>
          <p data-testid="skill-verified" className="skill-verified">
            <span className="badge ok">verified</span>{' '}
            {load.skill.digestsChecked
              ? 'Every file matched its size and sha256 digest; SKILL.md’s frontmatter matched the entry.'
              : 'SKILL.md’s frontmatter matched the entry (the server lists its files dynamically: no digest to check).'}
          </p>
          <ul className="contents-list" aria-label={`Files of ${entry.name}`}>
            {load.skill.files.map((file) => (
              <li key={file.uri} className="mono skill-file" data-testid="skill-file">
                {file.uri} <span className="faint">{file.size} bytes</span>
              </li>
            ))}
          </ul>
          <FindingList findings={findings} label={`Findings on the skill ${entry.name}`} />
          {/* After the findings (a verified skill may still be hostile), before the body (which may be long). */}
          {onOffer && (
            <label className="skill-offer">
              <input type="checkbox" data-testid="skill-offer" checked={offered} onChange={(event) => onOffer(event.target.checked)} />
              <span>
                Offer to the model{' '}
                <span className="faint">(the local use_skill tool: its description in every request, its body when the model asks)</span>
              </span>
            </label>
          )}
          <pre className="contents-text" data-testid="skill-body">
            <EscapedText text={load.skill.body} />
          </pre>
        </>
      )}
    </div>
  );
}
