import { readPermissionAsk, type ViewPermission } from '../../core/apps';

/** Words for each permission a view may ask for. */
const LABELS: Record<ViewPermission, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'location',
  clipboardWrite: 'writing to the clipboard',
};

/**
 * The browser permissions a view's resource asked for (`_meta.ui.permissions`): none is granted
 * until the person says so; granting rebuilds the frame with them (a frame's `allow` takes effect
 * only when it loads). Afterwards, what was granted, with a way to take it back.
 */
export function AppPermissions({
  declared,
  granted,
  answered,
  onAnswer,
}: {
  declared: readonly string[];
  granted: readonly ViewPermission[];
  answered: boolean;
  onAnswer(granted: readonly ViewPermission[]): void;
}) {
  const { grantable, unknown } = readPermissionAsk(declared);
  if (grantable.length === 0 && unknown.length === 0) return null;
  const words = grantable.map((key) => LABELS[key]).join(', ');
  const unknownNote = unknown.length > 0 ? ` It also names ${unknown.join(', ')}, which Glassbox does not know how to grant.` : '';
  if (granted.length > 0) {
    return (
      <div className="app-permissions faint" role="status" data-testid="app-permissions" data-granted={granted.join(' ')}>
        Granted to this view: {granted.map((key) => LABELS[key]).join(', ')}.{' '}
        <button type="button" className="link-button" data-testid="app-permissions-revoke" onClick={() => onAnswer([])}>
          Take back and reload the view
        </button>
      </div>
    );
  }
  if (answered || grantable.length === 0) {
    return (
      <div className="app-permissions faint" data-testid="app-permissions" data-granted="">
        {grantable.length > 0 ? `Not granted: ${words}.` : ''}
        {unknownNote}{' '}
        {grantable.length > 0 && (
          <button type="button" className="link-button" data-testid="app-permissions-grant" onClick={() => onAnswer(grantable)}>
            Grant and reload the view
          </button>
        )}
      </div>
    );
  }
  return (
    <div
      className="app-consent"
      role="group"
      aria-label="The view asks for browser permissions"
      data-testid="app-permissions"
      data-granted=""
    >
      <strong>The view asks for: {words}.</strong>
      <span className="faint">
        It runs without them until you grant them; granting reloads it with the browser permission for this view only (its own frames get
        none).{unknownNote}
      </span>
      <div className="row">
        <button type="button" className="button primary" data-testid="app-permissions-grant" onClick={() => onAnswer(grantable)}>
          Grant and reload the view
        </button>
        <button type="button" className="button" data-testid="app-permissions-deny" onClick={() => onAnswer([])}>
          Not now
        </button>
      </div>
    </div>
  );
}
