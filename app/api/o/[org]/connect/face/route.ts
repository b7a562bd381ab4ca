import { withOrg } from '@/lib/bff/with-org';
import { ownerFaceSchema } from '@/lib/connect/face-schemas';
import { getOwnerFaceSettings, updateOwnerFace } from '@/lib/connect/server/owner-face';

export const GET = withOrg(({ org }) => getOwnerFaceSettings(org), { permission: 'settings.read' });

export const PUT = withOrg(({ org, body }) => updateOwnerFace(org, body), {
  permission: 'settings.write',
  body: ownerFaceSchema,
  audit: {
    action: 'settings.owner_face_updated',
    target: () => ({ type: 'organization' }),
    // The texts are public anyway; the logo is recorded only as changed or not, never its bytes.
    details: ({ body }) => ({
      displayName: body.displayName,
      supportEmail: body.supportEmail,
      supportPhone: body.supportPhone,
      privacyUrl: body.privacyUrl,
      logo: body.logo === undefined ? 'kept' : body.logo === null ? 'removed' : 'replaced',
    }),
  },
});
