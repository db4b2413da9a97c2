import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// findBy*/waitFor give up after 1 s by default: too short when the whole suite runs in parallel on a busy machine,
// where role queries over a full page take a while. A real failure still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> but not its modal methods: enough of showModal()/close() for components/ui/modal.tsx
// (the `open` attribute and the close event), so dialogs can be tested by role.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
