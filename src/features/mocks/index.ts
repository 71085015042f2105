/** Mocks made from a recording: the card's line about the mock it talks to, and the Make a mock dialog. */
export { MockCardSection } from './mock-card-section';
export { MockCreateDialog } from './mock-create-dialog';
