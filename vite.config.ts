import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is a static page: `npm run build` writes dist/, which any static server can host.
export default defineConfig({
  plugins: [react()],
  base: './',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
});
