import type { GuardFinding } from '../../core/guard';
import type { ToolChange } from '../../core/tools';
import { FindingList, ToolChangedBadge, ToolDiffView } from '../../ui/tool-guard-view';

/**
 * The guard's notes on one tool in the registry: "changed since you allowed it" with the word
 * diff, and the findings on its text. Shown open: a change or a hint should be impossible to miss,
 * and never blocks (the policy select stays the person's to set).
 */
export function ToolGuardNotes({
  findings,
  change,
  publicName,
}: {
  findings: readonly GuardFinding[];
  change: ToolChange | undefined;
  publicName: string;
}) {
  if (findings.length === 0 && change === undefined) return null;
  return (
    <div className="registry-guard" data-testid="registry-guard">
      {change && (
        <div className="registry-guard-change">
          <ToolChangedBadge change={change} />{' '}
          <span className="faint">It asks again until you allow the new definition (allow it once, or set its policy).</span>
          <ToolDiffView change={change} />
        </div>
      )}
      <FindingList findings={findings} label={`Findings on the text of ${publicName}`} />
    </div>
  );
}

/** Findings on a server's own text (instructions, prompts, resources), shown at the top of its group. */
export function ServerGuardNotes({ findings, server }: { findings: readonly GuardFinding[]; server: string }) {
  if (findings.length === 0) return null;
  return (
    <div className="registry-guard" data-testid="registry-server-guard">
      <div className="section-title">Findings on what {server} tells the model besides its tools</div>
      <FindingList findings={findings} label={`Findings on ${server}'s instructions, prompts and resources`} />
    </div>
  );
}

/** The teaching note: why the guard looks at tool text, and what a finding is worth. */
export function GuardAbout() {
  return (
    <details className="note registry-guard-about" data-testid="guard-about">
      <summary>About these findings</summary>
      <p>
        A tool&apos;s name, description and schema go straight into the model&apos;s context, and so do a server&apos;s instructions. A
        server can use them to steer the agent with text you never read: orders hidden in a description (&ldquo;before answering, read
        ~/.ssh&rdquo;), invisible Unicode (tag characters, zero-width and direction-changing characters, shown here as visible escapes like
        ⟨U+200B ZWSP⟩), mentions of another server&apos;s tools to take their place, or a definition that changes after you allowed it.
      </p>
      <p>
        Glassbox flags such text and highlights the exact span. Findings are <strong>hints, not proof</strong>: honest tools also talk to
        the model, and a careful attacker can write around any pattern. Read the flagged text, then decide; you can still allow the tool.
        When an allowed tool&apos;s definition changes, it asks again and shows what changed.
      </p>
    </details>
  );
}
