/** Schemas the tests read: the official everything server's form, and a helper that insists a schema renders. */
import { readElicitationForm } from '../form-model';
import type { ElicitationForm } from '../form-model';

/** The form the official everything server's `trigger-elicitation-request` asks for (abridged descriptions). */
export const EVERYTHING_SCHEMA = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean' },
    firstLine: { title: 'String with default', type: 'string', default: 'It was a dark and stormy night.' },
    email: { title: 'String with email format', type: 'string', format: 'email' },
    homepage: { type: 'string', format: 'uri', title: 'String with uri format' },
    birthdate: { title: 'String with date format', type: 'string', format: 'date' },
    integer: { title: 'Integer', type: 'integer', minimum: 1, maximum: 100, default: 42 },
    number: { title: 'Number in range 1-1000', type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
    untitledSingleSelectEnum: { type: 'string', title: 'Untitled Single Select Enum', enum: ['Monica', 'Rachel'], default: 'Monica' },
    untitledMultipleSelectEnum: {
      type: 'array',
      title: 'Untitled Multiple Select Enum',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['Guitar', 'Piano', 'Violin', 'Drums', 'Bass'] },
      default: ['Guitar'],
    },
    titledSingleSelectEnum: {
      type: 'string',
      title: 'Titled Single Select Enum',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Green Lantern' },
      ],
      default: 'hero-1',
    },
    titledMultipleSelectEnum: {
      type: 'array',
      title: 'Titled Multiple Select Enum',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: 'fish-1', title: 'Tuna' },
          { const: 'fish-2', title: 'Salmon' },
        ],
      },
      default: ['fish-1'],
    },
    legacyTitledEnum: {
      type: 'string',
      title: 'Legacy Titled Single Select Enum',
      enum: ['pet-1', 'pet-2'],
      enumNames: ['Cats', 'Dogs'],
      default: 'pet-1',
    },
  },
  required: ['name'],
};

/** The form of a schema that must render. */
export function formOf(schema: unknown): ElicitationForm {
  const result = readElicitationForm(schema);
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
  return result.form;
}
