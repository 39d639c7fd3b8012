/** KOBO_ROLES (decisions/0026): all roles when unset; a part of them only on a shared DATABASE_URL. */
import { ConfigError } from '@kobo/platform';
import { rolesFrom } from '../src/roles';

const url = 'postgres://kobo@db/kobo';

it('runs every role when KOBO_ROLES is unset or empty, with or without DATABASE_URL', () => {
  for (const setting of [undefined, '', ' '])
    expect(rolesFrom(setting, undefined)).toMatchObject({
      all: true,
      names: ['api', 'projectors', 'workers', 'relay'],
    });
});

it('runs the roles named, and knows when they are all of them', () => {
  const roles = rolesFrom(' api ,workers', url);
  expect([roles.all, roles.has('api'), roles.has('projectors'), roles.has('workers')]).toEqual([
    false,
    true,
    false,
    true,
  ]);
  expect(rolesFrom('workers,projectors,relay,api', undefined).all).toBe(true);
});

it('refuses an unknown role, and a part of the roles without DATABASE_URL', () => {
  expect(() => rolesFrom('api,relays', url)).toThrow(
    new ConfigError(
      'KOBO_ROLES=api,relays: unknown role relays; the roles are api, projectors, workers, relay (unset runs all of them)',
    ),
  );
  expect(() => rolesFrom('api', undefined)).toThrow(/KOBO_ROLES=api needs DATABASE_URL/);
});
