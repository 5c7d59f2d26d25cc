import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The operator console: its own build under /admin/, sharing nothing with the H5 app but the contract and the rules.
export default defineConfig({
  base: '/admin/',
  // Text assets also precompressed (.br, .gz) for the server to send as they are, as the H5 app's build does.
  plugins: [react(), compression()],
  resolve: {
    // The root's react@18 (hoisted for another package's peer range) must never be bundled beside react@19.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    // antd is large; the console is a desktop tool, each screen is its own chunk.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
