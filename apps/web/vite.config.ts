import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontStylesheet } from './build/font-stylesheet';
import { precompress } from './build/precompress';
import { preloadFont } from './build/preload-font';
import { prerenderLanding } from './build/prerender-landing';

// The API server's port in development (`npm run dev` sets it); production serves both on one port.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFont(),
    fontStylesheet(),
    prerenderLanding(),
    precompress(),
  ],
  define: {
    // The footer's copyright year as the prerendered landing page shows it (use-current-year.ts).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Responsive example images stay files, however small: srcset and the hero preload name them.
    assetsInlineLimit: (filePath) => (filePath.includes('/landing/examples/') ? false : undefined),
  },
});
