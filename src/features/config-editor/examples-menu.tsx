import { EXAMPLE_CHOICES, isEdited } from './example-choices';

/** A "Load example" menu; asks before replacing text the person has edited. */
export function ExamplesMenu({ text, onLoad }: { text: string; onLoad: (text: string) => void }) {
  return (
    <select
      className="config-examples"
      aria-label="Load example"
      title="Load example"
      data-testid="config-examples"
      value=""
      onChange={(event) => {
        const choice = EXAMPLE_CHOICES.find((c) => c.id === event.target.value);
        if (!choice || choice.text === text) return;
        if (isEdited(text) && !confirm(`Replace your mcp.json with the example "${choice.title}"? Your edits will be lost.`)) return;
        onLoad(choice.text);
      }}
    >
      <option value="" disabled>
        Examples…
      </option>
      {EXAMPLE_CHOICES.map((choice) => (
        <option key={choice.id} value={choice.id} title={choice.description}>
          {choice.title}
        </option>
      ))}
    </select>
  );
}
