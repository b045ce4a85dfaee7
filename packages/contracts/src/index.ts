export * from './game-api';
export * from './paths';
export * from './views';
export * from './public-config';
