/**
 * Compression of dynamic answers (HTML pages, API answers) when it pays: brotli or gzip as the
 * browser accepts, from 1 KB on, at brotli quality 4 (fast enough per request). Static files are
 * compressed once at build time and served as they are (static-spa, preCompressed); answers that
 * already carry a Content-Encoding are left alone.
 */
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const compression = fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression', fastify: '5.x' },
);
