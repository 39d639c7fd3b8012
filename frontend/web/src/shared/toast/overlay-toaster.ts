import { OverlayToaster, Position } from '@blueprintjs/core';
import { MAX_VISIBLE_TOASTS } from './toast';

/** Blueprint's toaster, loaded with the first toast (it pulls the overlay code most pages never need). */
export function createToaster(container: HTMLElement) {
  return OverlayToaster.createAsync(
    { position: Position.TOP, maxToasts: MAX_VISIBLE_TOASTS, usePortal: false },
    { container },
  );
}
