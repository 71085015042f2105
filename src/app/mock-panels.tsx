/**
 * The mocks' views with the page's one MockShelf (loaded on demand: nothing of it is in the
 * start-up): a mock card's line, and the Make a mock dialog wired to the session, the worker
 * and the config.
 */
import { setServerUrls } from '../core/config';
import type { Services } from '../core/composition';
import { MockCardSection, MockCreateDialog } from '../features/mocks';
import { MockShelf } from './mock-shelf';

/** The page's mocks, made the first time a mock view loads. */
const shelf = new MockShelf();

/** A mock card's line (`mock-of`, `mock-miss`) for the mock at host `label`. */
export function MockCardLine({ label }: { label: string }) {
  return <MockCardSection label={label} shelf={shelf} />;
}

/** The Make a mock dialog (`mock-create`), of `server` or of any server of a recording. */
export function MockCreate({ services, server, onClose }: { services: Services; server?: string; onClose: () => void }) {
  return (
    <MockCreateDialog
      log={services.log}
      {...(server !== undefined ? { initialServer: server } : {})}
      redact={(text) => services.secrets.redact(text)}
      serve={(text) => shelf.add(text)}
      pointConfigAt={(entries) => {
        services.config.setText(setServerUrls(services.config.getSnapshot().text, entries));
        void services.applyConfig();
      }}
      onClose={onClose}
    />
  );
}
