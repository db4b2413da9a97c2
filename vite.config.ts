import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { localSupabase } from './local-supabase/src/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), localSupabase()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    // Reader pages must stay small: fail loudly in review when a chunk balloons.
    chunkSizeWarningLimit: 250,
    // scripts/check-bundle.ts reads the manifest to measure the home page's first load and keep the admin out of it.
    manifest: true,
  },
});
