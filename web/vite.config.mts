import * as path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = import.meta.dirname;

/**
 * KaTeX's stylesheet names each font as woff2, then woff and ttf fallbacks. Every browser
 * the app supports reads woff2 (the only font type the asset route serves), so the
 * fallbacks are dropped before Vite copies what the stylesheet names.
 */
const katexWoff2Only: Plugin = {
  name: 'katex-woff2-only',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
    return code.replace(/,\s*url\([^)]*\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  },
};

/**
 * The web app's bundle (docs/web-app.md): built into dist/web and served by the server's
 * WebAssetsController under /static/webapp/, every file named by its content hash.
 * Everything is a file of its own (no inline script or style: the page's CSP allows none).
 */
export default defineConfig({
  plugins: [katexWoff2Only],
  root: here,
  base: '/static/webapp/',
  publicDir: false,
  build: {
    outDir: path.resolve(here, '..', 'dist', 'web'),
    emptyOutDir: true,
    assetsDir: '',
    // Never inline assets as data: URLs into CSS or script; fonts and images stay files.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    // WEB_MINIFY=false keeps the app's own names, for reading a CPU profile (docs/development.md, "Benchmarks").
    minify: process.env.WEB_MINIFY !== 'false',
    target: 'es2022',
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        entryFileNames: '[name]-[hash].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: '[name]-[hash][extname]',
      },
    },
  },
});
