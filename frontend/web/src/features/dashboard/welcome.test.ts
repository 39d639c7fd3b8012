import { act, renderHook } from '@testing-library/react';
import { WELCOME_POPUP_FLAG } from '../../shared/constants';
import { useWelcomePopup, welcomeChannel } from './welcome';

describe('the welcome popup', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('shows on the first visit, when the flag is absent', () => {
    const { result } = renderHook(() => useWelcomePopup());
    expect(result.current.isOpen).toBe(true);
    expect(localStorage.getItem(WELCOME_POPUP_FLAG)).toBeNull();
  });

  it('does not show once the flag is present', () => {
    localStorage.setItem(WELCOME_POPUP_FLAG, 'true');
    const { result } = renderHook(() => useWelcomePopup());
    expect(result.current.isOpen).toBe(false);
  });

  it('sets the flag when closed, so the next visit does not show it', () => {
    const { result } = renderHook(() => useWelcomePopup());
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
    expect(localStorage.getItem(WELCOME_POPUP_FLAG)).not.toBeNull();
    expect(renderHook(() => useWelcomePopup()).result.current.isOpen).toBe(false);
  });

  it('closes itself after one minute and sets the flag', () => {
    const { result } = renderHook(() => useWelcomePopup());
    act(() => jest.advanceTimersByTime(59_999));
    expect(result.current.isOpen).toBe(true);
    expect(localStorage.getItem(WELCOME_POPUP_FLAG)).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.isOpen).toBe(false);
    expect(localStorage.getItem(WELCOME_POPUP_FLAG)).not.toBeNull();
  });

  it('is not shown when the browser keeps no storage', () => {
    const { result } = renderHook(() => useWelcomePopup(null));
    expect(result.current.isOpen).toBe(false);
  });
});

describe('the group the welcome popup invites to', () => {
  it('is the WhatsApp channel, else the Telegram channel, else none', () => {
    expect(
      welcomeChannel({
        whatsappChannel: 'https://whatsapp.com/channel/kobo',
        telegramChannel: 'https://t.me/kobo',
      }),
    ).toEqual({
      name: 'WhatsApp',
      href: 'https://whatsapp.com/channel/kobo',
    });
    expect(welcomeChannel({ whatsappChannel: '', telegramChannel: 'https://t.me/kobo' })).toEqual({
      name: 'Telegram',
      href: 'https://t.me/kobo',
    });
    expect(welcomeChannel({ whatsappChannel: '', telegramChannel: '' })).toBeNull();
    expect(welcomeChannel({ whatsappChannel: 'javascript:alert(1)', telegramChannel: '' })).toBeNull();
  });
});
