import { AccessibilityPage } from './accessibility-page';

export function Component() {
  return <AccessibilityPage />;
}
