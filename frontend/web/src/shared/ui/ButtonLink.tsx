import { Classes, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { Link, type LinkProps } from 'react-router-dom';

/** A link inside the app that looks like a Blueprint button (navigation stays a link for screen readers). */
export function ButtonLink({
  icon,
  text,
  intent,
  variant = 'outlined',
  className,
  ...link
}: Omit<LinkProps, 'children'> & {
  icon?: IconName;
  text: string;
  intent?: Intent;
  variant?: 'solid' | 'outlined' | 'minimal';
}) {
  const classes = [
    Classes.BUTTON,
    variant === 'outlined' ? Classes.OUTLINED : variant === 'minimal' ? Classes.MINIMAL : '',
    intent ? Classes.intentClass(intent) : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link {...link} className={classes}>
      {icon ? <Icon icon={icon} aria-hidden /> : null}
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </Link>
  );
}
