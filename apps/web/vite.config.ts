import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // The benchmark reads which chunks each route loads from the manifest.
    manifest: true,
    rollupOptions: {
      output: {
        // zod in a chunk of its own: the wizard loads its schemas beside its first screen, and
        // without this the bundler folds zod into a chunk that the first screen needs.
        manualChunks(id: string) {
          if (/node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
          // React and its JSX runtime in one chunk, whichever lazy chunk uses which: otherwise a
          // chunk that has JSX but imports nothing from 'react' splits them in two, one request
          // more on every page (decision 092).
          if (/node_modules[\\/]react[\\/]/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    // `npm run dev` (scripts/dev.mjs) passes the API's port; 127.0.0.1 because Node may resolve
    // localhost to ::1, where the API is not listening.
    proxy: { '/api': `http://127.0.0.1:${process.env.DEV_API_PORT ?? '3000'}` },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Which files each of the two web projects runs: the root vitest.config.ts (decision 080).
    setupFiles: ['./test/setup.ts'],
    // jsdom renders of whole steps take seconds on a busy 2-core machine running two workers.
    testTimeout: 15_000,
  },
});
