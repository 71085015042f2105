import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseMcpConfig } from '../core/config';
import '../ui/theme.css';
import './app.css';
import { App } from './app';
import { loadInitialConfig, saveConfig } from './config-storage';
import { createServices } from './services';

const services = createServices();
const initial = loadInitialConfig();
if (initial.source === 'fragment') saveConfig(initial.text);
// Connect at start-up, outside React, so StrictMode's double effects cannot connect twice.
void services.connections.apply(parseMcpConfig(initial.text).config?.servers ?? []);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} initialConfigText={initial.text} />
  </StrictMode>,
);
