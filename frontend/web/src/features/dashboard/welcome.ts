/**
 * When the welcome popup shows (docs/product/settled-contradictions.md#welcome-popup): once, on the first dashboard visit, while the flag
 * 'hasSeenWelcomeModal' is absent. Closing it, or its automatic close after a minute, sets the
 * flag so it never shows again on this browser.
 */
import { useCallback, useEffect, useState } from 'react';
import { WELCOME_POPUP_AUTO_CLOSE_MS, WELCOME_POPUP_FLAG } from '../../shared/constants';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Storage can be unavailable (private modes, blocked cookies); then the popup is not shown. */
function browserStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function shouldShowWelcome(storage: FlagStorage | null): boolean {
  try {
    return storage !== null && storage.getItem(WELCOME_POPUP_FLAG) === null;
  } catch {
    return false;
  }
}

export function markWelcomeSeen(storage: FlagStorage | null): void {
  try {
    storage?.setItem(WELCOME_POPUP_FLAG, 'true');
  } catch {
    // Nothing to keep it in: it may show again next time, which is harmless.
  }
}

export function useWelcomePopup(storage: FlagStorage | null = browserStorage()): {
  isOpen: boolean;
  close(): void;
} {
  const [isOpen, setOpen] = useState(() => shouldShowWelcome(storage));

  const close = useCallback(() => {
    markWelcomeSeen(storage);
    setOpen(false);
  }, [storage]);

  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(close, WELCOME_POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [isOpen, close]);

  return { isOpen, close };
}

export interface WelcomeChannel {
  name: 'WhatsApp' | 'Telegram';
  href: string;
}

/** The group the popup invites to: the WhatsApp channel, else the Telegram one; web links only. */
export function welcomeChannel(community: {
  whatsappChannel: string;
  telegramChannel: string;
}): WelcomeChannel | null {
  const web = (value: string) => (/^https?:\/\//i.test(value.trim()) ? value.trim() : null);
  const whatsapp = web(community.whatsappChannel);
  if (whatsapp) return { name: 'WhatsApp', href: whatsapp };
  const telegram = web(community.telegramChannel);
  return telegram ? { name: 'Telegram', href: telegram } : null;
}
