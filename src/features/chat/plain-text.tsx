import { SafeLink } from '../../ui/safe-link';
import { splitLinks } from './split-links';

/**
 * Text from a person or a model, shown as plain text (white-space: pre-wrap, no markdown,
 * no HTML); http(s) URLs become SafeLinks that show the full address.
 */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={`chat-text ${className ?? ''}`}>
      {splitLinks(text).map((segment, index) =>
        segment.type === 'url' ? <SafeLink key={index} href={segment.url} /> : <span key={index}>{segment.text}</span>,
      )}
    </span>
  );
}
