/**
 * What a person typed into a pre-rendered form before the page's code took it over (a cheap phone
 * on a slow network can show the login form seconds before it hydrates). Hydration keeps the typed
 * text on screen but not in React's state, and a form sent before hydration would reload the page
 * and lose it. So the page's first script holds such a send (HELD_SUBMIT_SCRIPT, vite-prerender.ts),
 * and once the app has hydrated, `takeOverTypedForms` hands each typed value to React as an input
 * event and sends the held form again.
 */
import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set once the app has hydrated: forms are sent by React from then on. */
    koboReady?: boolean;
    /** A form sent before that, held by HELD_SUBMIT_SCRIPT. */
    koboHeldSubmit?: HTMLFormElement | null;
  }
}

/** Tells React's change tracking that `field` now holds what is on screen, as typing would. */
function handToReact(field: HTMLInputElement | HTMLTextAreaElement): void {
  const checkable =
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
  const property = checkable ? 'checked' : 'value';
  const shown = checkable ? (field as HTMLInputElement).checked : field.value;
  const rendered = checkable ? (field as HTMLInputElement).defaultChecked : field.defaultValue;
  // What React rendered is its default; only what was typed over it is news to React.
  if (shown === rendered) return;
  const empty = checkable ? !shown : '';
  // Through the element (React's tracker sees it), then through the prototype (it does not): the
  // tracker then differs from the screen, and the event reaches the component's onChange.
  (field as unknown as Record<string, unknown>)[property] = empty;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, shown);
  field.dispatchEvent(new Event(checkable ? 'click' : 'input', { bubbles: true }));
}

export function takeOverTypedForms(): void {
  if (window.koboReady) return;
  window.koboReady = true;
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'form input:not([type=hidden]):not([type=submit]), form textarea',
  ))
    handToReact(field);
  const held = window.koboHeldSubmit;
  window.koboHeldSubmit = null;
  // After React has rendered the values just handed to it.
  if (held?.isConnected) setTimeout(() => held.requestSubmit(), 0);
}

/** Runs takeOverTypedForms once the tree it sits in has hydrated. */
export function useTakeOverTypedForms(): void {
  useEffect(takeOverTypedForms, []);
}
