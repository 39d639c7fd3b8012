import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';

/** A password field with a show/hide button (sign-up, sign-in, reset, settings, admin login). */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      {...props}
      type={visible ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={visible ? 'eye-off' : 'eye-open'}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
