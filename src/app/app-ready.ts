/** Dispatched on `document` once the app has hydrated the page (or rendered it): src/boot.ts replays an early tap then. */
export const APP_READY_EVENT = 'porto-ferreira:app-ready';
