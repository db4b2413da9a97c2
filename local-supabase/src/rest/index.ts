export { createRestRouter, type RestDeps, type RestRouter } from './router.ts';
