import react from '@vitejs/plugin-react';
import { cookieBannerHtml } from './build/cookieBanner';
import { precompress } from './build/precompress';
import { defaultClientConditions, defineConfig, loadEnv, type ProxyOptions } from 'vite';

// Everything the Node server answers; the dev server forwards it, websockets included.
const SERVER_PATHS = ['/api', '/payment/api', '/.well-known', '/__blocklet__.js', '/healthz', '/readyz'];

export default defineConfig(({ mode }) => {
  // PAYSHELF_API_URL (environment or .env file) points the dev proxy at a server on another port.
  const target = loadEnv(mode, '.', 'PAYSHELF_').PAYSHELF_API_URL ?? 'http://localhost:3000';
  const proxy: Record<string, ProxyOptions> = Object.fromEntries(
    SERVER_PATHS.map((path) => [path, { target, ws: true }]),
  );

  return {
    plugins: [react(), cookieBannerHtml(), precompress()],
    resolve: {
      // Workspace packages (@payshelf/api, @payshelf/money) resolve to their TypeScript source.
      conditions: ['source', ...defaultClientConditions],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Libraries every page needs change less often than our code: separate chunks stay cached across
          // deploys. Other libraries (libphonenumber-js, zod, qrcode, …) go with the pages that import them,
          // so a page that does not use them never downloads them.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack)[\\/]/, priority: 1 },
              // The API schemas and zod, together: only pages that talk to the payment API load them.
              { name: 'schemas', test: /(packages[\\/]api[\\/]src|node_modules[\\/]zod)[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
