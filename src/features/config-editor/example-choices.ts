import { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS, IN_PAGE_DEMO_CONFIG_TEXT } from '../../core/config';

/** One entry of the examples menu. */
export interface ExampleChoice {
  id: string;
  title: string;
  description: string;
  text: string;
}

/** The demo config followed by every example from the config module. */
export const EXAMPLE_CHOICES: readonly ExampleChoice[] = [
  {
    id: 'demo',
    title: 'Demo servers',
    description:
      DEFAULT_CONFIG_TEXT === IN_PAGE_DEMO_CONFIG_TEXT
        ? 'The two demo servers that run in this page (its Service Worker answers them).'
        : 'The two demo servers that `npm start` runs on this machine.',
    text: DEFAULT_CONFIG_TEXT,
  },
  ...EXAMPLE_CONFIG_TEXTS,
];

/** Whether replacing `text` would lose something the person wrote: it is neither blank nor one of the examples as shipped. */
export function isEdited(text: string): boolean {
  return text.trim() !== '' && !EXAMPLE_CHOICES.some((choice) => choice.text === text);
}
