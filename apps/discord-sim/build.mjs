import { build } from 'esbuild';
import { bundleServer } from '../../scripts/lib/bundle-server.mjs';

await bundleServer(build);
