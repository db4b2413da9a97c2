// Shared button looks for the admin screens (class strings, so links and buttons can share them).
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
// The admin-only looks stay out of the reader's first load (admin-buttons.ts); importers keep this one address.
export { dangerButton, iconButton } from './admin-buttons';
