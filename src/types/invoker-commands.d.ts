import 'react';

// The invoker commands (a button that opens or closes a dialog by itself, before any script runs) are not yet in
// React's types; React passes lowercase attributes through as they are.
declare module 'react' {
  // The type parameter must match React's own declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
    commandfor?: string;
  }
}
