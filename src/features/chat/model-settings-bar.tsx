import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { PROVIDER_IDS, PROVIDERS } from '../../core/providers';
import type { ProviderId } from '../../core/providers';
import { useLiveStore } from '../../ui/use-store';
import type { ChatSession } from './chat-session';
import {
  baseUrlForPreset,
  browserStorage,
  matchPreset,
  needsNoKey,
  presetsFor,
  providerSwitchPatch,
  readRememberedKey,
  writeRememberedKey,
} from './model-settings';
import './chat.css';

/** Most model requests one turn may make (long agent runs of hundreds of steps are real; the bench measures 200). */
const MAX_STEPS_LIMIT = 1000;

/**
 * A text field that shows what the person types while they edit it (so a session that
 * normalises values cannot fight the cursor) and the session's value otherwise.
 */
function useDraft(value: string, commit: (text: string) => void) {
  const [draft, setDraft] = useState<string>();
  return {
    value: draft ?? value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setDraft(event.target.value);
      commit(event.target.value);
    },
    onBlur: () => setDraft(undefined),
  };
}

/**
 * The model side of the top bar: wire format, model, API key (memory only unless the
 * person opts in), base URL with presets, and the step limit. Every change goes through
 * `session.setSettings`.
 */
export function ModelSettingsBar({ session }: { session: ChatSession }) {
  // Its fields write the settings back as the person types: read at every change, not paced.
  const { settings } = useLiveStore(session);
  const { provider } = settings;
  const storage = useRef(browserStorage()).current;
  const [remember, setRemember] = useState(() => readRememberedKey(storage, provider) !== undefined);
  /** Keys typed for each format in this tab, so switching back and forth keeps them. */
  const keysByProvider = useRef<Partial<Record<ProviderId, string>>>({});
  const id = useId();

  // On first show, a key remembered on this device fills an empty session.
  useEffect(() => {
    const remembered = readRememberedKey(storage, session.getSnapshot().settings.provider);
    if (remembered !== undefined && remembered !== '' && session.getApiKey() === '') session.setSettings({ apiKey: remembered });
  }, [session, storage]);

  const model = useDraft(settings.model, (text) => session.setSettings({ model: text }));
  const baseUrl = useDraft(settings.baseUrl, (text) => session.setSettings({ baseUrl: text }));
  const steps = useDraft(String(settings.maxSteps), (text) => {
    const value = Number(text);
    if (Number.isInteger(value) && value >= 1 && value <= MAX_STEPS_LIMIT) session.setSettings({ maxSteps: value });
  });
  const apiKey = useDraft(session.getApiKey(), (text) => {
    session.setSettings({ apiKey: text });
    if (remember) writeRememberedKey(storage, provider, text);
  });
  // The key field is left uncontrolled: React mirrors a controlled input's value into its
  // `value` attribute, where the key would sit in the DOM for any CSS attribute selector,
  // outerHTML copy or DOM snapshot to read. The property alone is set here.
  const apiKeyRef = useRef<HTMLInputElement>(null);
  const shownKey = apiKey.value;
  useLayoutEffect(() => {
    const input = apiKeyRef.current;
    if (input !== null && input.value !== shownKey) input.value = shownKey;
  }, [shownKey]);

  const switchProvider = (next: ProviderId) => {
    if (next === provider) return;
    keysByProvider.current[provider] = session.getApiKey();
    const nextKey = keysByProvider.current[next] ?? readRememberedKey(storage, next) ?? '';
    session.setSettings({ ...providerSwitchPatch(session.getSnapshot().settings, next), apiKey: nextKey });
    setRemember(readRememberedKey(storage, next) !== undefined);
  };

  const toggleRemember = (on: boolean) => {
    const saved = writeRememberedKey(storage, provider, on ? session.getApiKey() : undefined);
    setRemember(on && saved);
  };

  const presets = presetsFor(provider);
  const preset = matchPreset(provider, settings.baseUrl);
  const defaultBaseUrl = PROVIDERS[provider].defaultBaseUrl;
  // The scripted demo's presets are its dialects: the select then reads "Demo speaks".
  const isDemo = provider === 'demo';
  const noKey = needsNoKey(settings);

  return (
    <div className="model-settings-bar" role="group" aria-label="Model settings" data-testid="model-settings">
      <label className="field">
        <span>Format</span>
        <select data-testid="provider-select" value={provider} onChange={(event) => switchProvider(event.target.value as ProviderId)}>
          {PROVIDER_IDS.map((providerId) => (
            <option key={providerId} value={providerId}>
              {PROVIDERS[providerId].label}
            </option>
          ))}
        </select>
      </label>

      <label className="field">
        <span>Model</span>
        <input
          type="text"
          className="model-input"
          data-testid="model-input"
          list={`${id}-models`}
          spellCheck={false}
          autoComplete="off"
          {...model}
        />
        <datalist id={`${id}-models`}>
          {PROVIDERS[provider].modelSuggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>

      <label className="field">
        <span>Key</span>
        <input
          type="password"
          className="api-key-input"
          data-testid="api-key-input"
          placeholder={noKey ? 'no key needed' : 'stays in this tab'}
          aria-label={`${PROVIDERS[provider].label} API key`}
          autoComplete="off"
          spellCheck={false}
          ref={apiKeyRef}
          onChange={apiKey.onChange}
          onBlur={apiKey.onBlur}
        />
      </label>
      {/* The scripted demo takes no key, so there is none to remember. */}
      {!isDemo && (
        <label className="field remember-key" title="Stores the key in this browser's localStorage, unencrypted, until you untick this.">
          <input
            type="checkbox"
            data-testid="api-key-remember"
            checked={remember}
            onChange={(event) => toggleRemember(event.target.checked)}
          />
          <span>remember on this device</span>
        </label>
      )}
      {remember && !isDemo && (
        <span className="remember-warning" role="note" data-testid="api-key-warning">
          Saved unencrypted in this browser&apos;s storage
        </span>
      )}

      <span className="field base-url-field">
        <label className="field">
          <span>Base URL</span>
          <input
            type="text"
            className="base-url-input"
            data-testid="base-url-input"
            placeholder={defaultBaseUrl}
            spellCheck={false}
            autoComplete="off"
            {...baseUrl}
          />
        </label>
        {isDemo && <span className="demo-speaks-label">Demo speaks</span>}
        <select
          className={isDemo ? 'preset-select demo-speaks' : 'preset-select'}
          aria-label={isDemo ? 'Demo speaks' : 'Base URL preset'}
          data-testid="base-url-preset"
          value={preset?.id ?? 'custom'}
          title={preset?.note ?? 'A base URL of your own'}
          onChange={(event) => {
            const chosen = presets.find((candidate) => candidate.id === event.target.value);
            if (chosen !== undefined) session.setSettings({ baseUrl: baseUrlForPreset(chosen) });
          }}
        >
          {presets.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
          <option value="custom" disabled>
            Custom
          </option>
        </select>
      </span>

      <label className="field" title="Most model requests one turn may make before the loop stops">
        <span>Steps</span>
        <input type="number" className="steps-input" data-testid="max-steps-input" min={1} max={MAX_STEPS_LIMIT} step={1} {...steps} />
      </label>
    </div>
  );
}
