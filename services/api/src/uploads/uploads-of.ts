/**
 * The object store and link signer of one API context, made once and shared by the routes that
 * need them. (They could join ApiContext; until then they are derived from it.)
 */
import type { ApiContext } from '../context';
import { createObjectStore } from './create-object-store';
import type { ObjectStore } from './object-store';
import { createLinkSigner, randomLinkSecret, type LinkSigner } from './signed-links';

export interface Uploads {
  store: ObjectStore;
  links: LinkSigner;
}

const byContext = new WeakMap<ApiContext, Uploads>();

export function uploadsOf(context: ApiContext): Uploads {
  let uploads = byContext.get(context);
  if (!uploads) {
    uploads = {
      store: createObjectStore(context.config.dataDir, context.config.s3),
      // Without JWT_SECRET the sessions' secret is random per process too (jwt-secret.ts).
      links: createLinkSigner({ secret: context.config.jwtSecret ?? randomLinkSecret() }),
    };
    byContext.set(context, uploads);
  }
  return uploads;
}
