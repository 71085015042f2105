import { useState } from 'react';

/** Puts `value` on the clipboard (through a hidden textarea where the Clipboard API is refused). */
export async function copyText(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    // Clipboard refused (insecure context, permissions): fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = value;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** A small button that copies text to the clipboard and says so. */
export function CopyButton({ text, label, testId }: { text: () => string; label: string; testId?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="small-button"
      data-testid={testId}
      onClick={async () => {
        await copyText(text());
        setDone(true);
        setTimeout(() => setDone(false), 1200);
      }}
    >
      {done ? 'Copied' : label}
    </button>
  );
}
