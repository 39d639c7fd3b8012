/**
 * Settings → Notifications: "Turn on notifications" for this browser (Web Push). Offered only when
 * the server has push keys and the browser can show pushes (a service worker, the Push API); a
 * refusal in the browser's own question is said plainly.
 */
import { Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import {
  useDeletePushSubscriptionMutation,
  useGetPushKeyQuery,
  useSavePushSubscriptionMutation,
} from './api';
import { pushRegistration, subscribeThisBrowser } from './push';

type Status = 'checking' | 'unavailable' | 'off' | 'on' | 'blocked';

export function PushToggle() {
  const { data: key, isLoading } = useGetPushKeyQuery();
  const [save] = useSavePushSubscriptionMutation();
  const [remove] = useDeletePushSubscriptionMutation();
  const toast = useToast();
  const [status, setStatus] = useState<Status>('checking');
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (isLoading) return;
    if (!key?.publicKey) {
      setStatus('unavailable');
      return;
    }
    let cancelled = false;
    void (async () => {
      const found = await pushRegistration().catch(() => null);
      if (cancelled) return;
      setRegistration(found);
      if (!found) return setStatus('unavailable');
      if (Notification.permission === 'denied') return setStatus('blocked');
      setStatus((await found.pushManager.getSubscription()) ? 'on' : 'off');
    })();
    return () => {
      cancelled = true;
    };
  }, [key, isLoading]);

  if (status === 'checking' || status === 'unavailable')
    return (
      <p className="kobo-muted">
        {status === 'checking'
          ? 'Checking whether this browser can show notifications...'
          : 'Your notifications are under the bell at the top of the page.'}
      </p>
    );

  async function change(turnOn: boolean) {
    if (!registration || !key?.publicKey || busy) return;
    setBusy(true);
    try {
      if (turnOn) {
        const result = await subscribeThisBrowser(registration, key.publicKey);
        if (result.kind === 'denied') {
          setStatus(Notification.permission === 'denied' ? 'blocked' : 'off');
          return;
        }
        await save(result.subscription).unwrap();
        setStatus('on');
        toast.success('Notifications are on for this device.');
      } else {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await remove({ endpoint: subscription.endpoint }).unwrap();
          await subscription.unsubscribe();
        }
        setStatus('off');
        toast.success('Notifications are off for this device.');
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Notifications could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Switch
        large
        checked={status === 'on'}
        disabled={busy || status === 'blocked'}
        label="Turn on notifications"
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <p className="kobo-muted">
        {status === 'blocked'
          ? 'This browser blocks notifications from Kobo. Allow them in the browser’s site settings, then turn them on here.'
          : 'Get a notification on this device when a proof is reviewed or your withdrawal moves.'}
      </p>
    </>
  );
}
