import './zod-german';
export * from './game-api';
export * from './catalogues';
export * from './zod-german';
export * from './paths';
export * from './views';
export * from './public-config';
export * from './sync';
export * from './writes';
